import FeatureKitTesting
import Foundation
import HummingbirdTesting
import Networking
import NetworkingTesting
import Testing

/// The compare page's chart in headless Chromium (the system's, through Playwright for Python, as the other browser
/// tests drive it), served on loopback by the funds pages: the readout on hover and on keyboard focus, at a phone's
/// and a desktop's width, light and dark, axe-core clean; without JavaScript each line keeps its `<title>`.
@Suite("/funds/compare's chart in the browser")
struct CompareChartBrowserTests {
    static let chromium = ProcessInfo.processInfo.environment["FOLIO_CHROMIUM"] ?? "/usr/bin/chromium"

    /// Whether Chromium and Playwright for Python are both here.
    static var browserInstalled: Bool {
        guard FileManager.default.isExecutableFile(atPath: chromium) else { return false }
        return (try? python(["-c", "import playwright.sync_api"]).status) == 0
    }

    /// Runs `python3 arguments…` (on the caller's thread, which must not be the cooperative pool's: the loopback
    /// server answers there), its output kept in files so neither stream can fill; stopped after two minutes.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: Data, errors: Data) {
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("compare-chart-\(UUID().uuidString)")
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: folder) }
        let (output, errors) = (folder.appendingPathComponent("stdout"), folder.appendingPathComponent("stderr"))
        for file in [output, errors] { _ = files.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { if process.isRunning { process.terminate() } }
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: output), try Data(contentsOf: errors))
    }

    /// The script's findings for the page at `base`.
    static func findings(base: String) async throws -> [String: Any] {
        let (status, output, errors) = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try BrowserTurn.take { try python(["-c", script, base, chromium]) } })
            }.start()
        }
        try #require(status == 0, "\(String(decoding: errors.suffix(3000), as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }

    @Test(
        "hover and keyboard focus read out the day and each scheme's value, at 390 and 1280 px, light and dark; no JavaScript: titles",
        .enabled(if: browserInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func readout() async throws {
        let histories = [
            "/mf/122639": try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json"),
            "/mf/120505": try Fixtures.data("mfapi/scheme_120505_axis_midcap_direct_100pts.json"),
        ]
        let setup = PortfolioSetup(
            http: StubHTTPClient { request in
                guard let body = histories[request.url.path] else {
                    return Networking.HTTPResponse(status: 404, body: Data(), url: request.url)
                }
                return Networking.HTTPResponse(status: 200, body: body, url: request.url)
            })
        try await setup.application().test(.live) { client in
            let port = try #require(client.port)
            let result = try await Self.findings(base: "http://127.0.0.1:\(port)")
            #expect((result["pageErrors"] as? [String])?.isEmpty == true, "\(result["pageErrors"] ?? "")")
            for width in [390, 1280] {
                for scheme in ["light", "dark"] {
                    let name = "\(width)-\(scheme)"
                    let run = try #require(result[name] as? [String: Any], "\(name) was not rendered")
                    #expect(run["rendering"] as? String == (width == 390 ? "chart-narrow" : "chart-wide"), "\(name)")
                    #expect(run["before"] as? String == "", "\(name): nothing read out before a pointer or a key")
                    let hovered = try #require(run["hover"] as? String, "\(name)")
                    #expect(hovered.contains("Parag Parikh") && hovered.contains("(120505) "), "\(name): \(hovered)")
                    #expect(run["markers"] as? Int == 2, "\(name): a marker on each line")
                    #expect(run["focusable"] as? Bool == true, "\(name)")
                    let home = try #require(run["home"] as? String, "\(name)")
                    let end = try #require(run["end"] as? String, "\(name)")
                    let left = try #require(run["left"] as? String, "\(name)")
                    // Both lines start at 100 on the common first day; the last day and the one before it differ.
                    #expect(home.split(separator: ";").allSatisfy { $0.hasSuffix(" 100.0") }, "\(name): \(home)")
                    #expect(home != end && left != end && !left.isEmpty, "\(name): \(home) | \(left) | \(end)")
                    #expect(run["live"] as? String == "polite", "\(name)")
                    #expect(run["keysShown"] as? Bool == true, "\(name): the keys are explained once they work")
                    #expect(run["textColor"] as? String != run["background"] as? String, "\(name): \(run)")
                    #expect((run["scrollWidth"] as? Int ?? .max) <= (run["innerWidth"] as? Int ?? 0), "\(name)")
                    if let axe = run["axe"] as? [String] { #expect(axe.isEmpty, "\(name): \(axe)") }
                }
            }
            let plain = try #require(result["noScript"] as? [String: Any])
            let titles = try #require(plain["titles"] as? [String])
            #expect(titles.count == 2, "\(titles)")
            #expect(titles.allSatisfy { $0.contains(": 100 on ") }, "\(titles)")
            #expect(titles.first?.hasPrefix("Parag Parikh") == true, "\(titles)")
            #expect(plain["readout"] as? String == "" && plain["keysHidden"] as? Bool == true, "\(plain)")
        }
    }

    /// The Python script: prints one JSON object, a result per rendering ("390-dark") and `noScript`.
    static let script = #"""
        from itertools import product
        from json import dumps
        from sys import argv
        from playwright.sync_api import sync_playwright
        try:
            from axe_playwright_python.sync_playwright import Axe
        except ImportError:
            Axe = None

        base, chromium = argv[1], argv[2]
        PAGE = "/funds/compare?codes=122639,120505&range=1Y"
        VISIBLE = "[...document.querySelectorAll('#compare-chart svg')].find(s => s.getClientRects().length)"
        errors = []


        def reading(browser, width, scheme):
            """The chart at one width and scheme: hovered, then read with the keys."""
            context = browser.new_context(base_url=base, viewport={"width": width, "height": 900}, color_scheme=scheme)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(PAGE)
            readout = page.locator("#compare-chart .chart-value")
            run = {"rendering": page.evaluate(VISIBLE + ".getAttribute('class')"), "before": readout.text_content()}
            # Hovering scrolls the chart into view first, as a person would (below the table on a phone).
            drawn = page.locator("#compare-chart svg." + run["rendering"])
            drawn.scroll_into_view_if_needed()
            box = drawn.bounding_box()
            drawn.hover(position={"x": box["width"] * 0.6, "y": box["height"] * 0.5})
            run["hover"] = readout.text_content()
            run["markers"] = page.evaluate(VISIBLE + ".querySelectorAll('.compare-marker[visibility=visible]').length")
            page.mouse.move(0, 0)
            page.locator("#compare-chart").focus()
            run["focusable"] = page.evaluate("document.activeElement.id === 'compare-chart'")
            for key, name in (("Home", "home"), ("End", "end"), ("ArrowLeft", "left")):
                page.keyboard.press(key)
                run[name] = readout.text_content()
            run["home"] = run["home"].split(": ", 1)[-1]
            run["live"] = readout.get_attribute("aria-live")
            run["keysShown"] = page.locator("#compare-chart .chart-keys").is_visible()
            run["textColor"] = page.evaluate("getComputedStyle(document.querySelector('#compare-chart .chart-value')).color")
            run["background"] = page.evaluate("getComputedStyle(document.body).backgroundColor")
            run["scrollWidth"] = page.evaluate("document.documentElement.scrollWidth")
            run["innerWidth"] = page.evaluate("window.innerWidth")
            if Axe is not None:
                found = Axe().run(page).response["violations"]
                run["axe"] = [v["id"] for v in found if v.get("impact") in ("serious", "critical")]
            context.close()
            return run


        def without_script(browser):
            """What a browser without JavaScript shows: the lines' titles, no readout."""
            context = browser.new_context(base_url=base, java_script_enabled=False)
            page = context.new_page()
            page.goto(PAGE)
            titles = page.locator("#compare-chart svg.chart-wide polyline title").all()
            found = {
                "titles": [title.text_content() for title in titles],
                "readout": page.locator("#compare-chart .chart-value").text_content(),
                "keysHidden": page.locator("#compare-chart .chart-keys").get_attribute("hidden") is not None,
            }
            context.close()
            return found


        with sync_playwright() as playwright:
            chrome = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            result = {f"{w}-{s}": reading(chrome, w, s) for w, s in product((390, 1280), ("light", "dark"))}
            result["noScript"] = without_script(chrome)
            result["pageErrors"] = errors
            chrome.close()
        print(dumps(result))
        """#
}
