import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// Focuses the NAV chart with Tab as a keyboard user would, then reads the readout after each key.
private let chartKeys = #"""
    from json import dumps
    from sys import argv
    from playwright.sync_api import sync_playwright
    url, chromium = argv[1], argv[2]
    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url, wait_until="load")
        figure = page.locator("figure[data-hover]")
        found["hover"] = figure.get_attribute("data-hover").split(";")
        reached = False
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement && document.activeElement.matches('figure[data-hover]')"):
                reached = True
                break
        found["reachedByTab"] = reached
        found["hintShown"] = page.locator(".chart-keys").is_visible()
        found["live"] = page.locator(".chart-value").get_attribute("aria-live") or ""
        readout = page.locator(".chart-value")
        texts = []
        for key in ["End", "ArrowLeft", "Home", "ArrowRight", "ArrowLeft", "ArrowLeft"]:
            page.keyboard.press(key)
            texts.append(readout.text_content())
        found["readouts"] = texts
        found["markerShown"] = page.locator("svg.chart-wide .chart-marker").get_attribute("visibility") == "visible"
        browser.close()
    print(dumps(found))
    """#

/// Removes a watched symbol with JavaScript turned off: the Remove button, the confirmation page, Cancel, then
/// the confirmed removal.
private let watchlistWithoutScript = #"""
    from json import dumps
    from sys import argv
    from playwright.sync_api import sync_playwright
    base, email, chromium = argv[1].rstrip("/"), argv[2], argv[3]
    found = {}
    def rows(page):
        return page.locator("#watchlist tbody tr td:first-child").all_text_contents()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        page = browser.new_context(java_script_enabled=False).new_page()
        page.goto(base + "/stocks/signup")
        page.fill("input[name=email]", email)
        page.fill("input[name=password]", "violet mountain river")
        page.fill("input[name=confirmation]", "violet mountain river")
        page.click("form[action='/stocks/signup'] button[type=submit]")
        page.goto(base + "/stocks/watchlist?live=0")
        page.fill("input[name=symbols]", "NVDA AMD")
        page.click("form[action='/stocks/watchlist/add'] button[type=submit]")
        found["watched"] = rows(page)
        page.click("button[aria-label='Stop watching NVDA']")
        found["question"] = page.locator("main p", has_text="Stop watching").first.text_content()
        found["confirmButton"] = page.locator("button.danger").text_content()
        page.click("text=Cancel")
        found["afterCancel"] = rows(page)
        page.click("button[aria-label='Stop watching NVDA']")
        page.click("button.danger")
        found["afterConfirm"] = rows(page)
        found["flash"] = page.locator(".notice.success").first.text_content()
        browser.close()
    print(dumps(found))
    """#

@Suite("folio serve with a keyboard and without JavaScript, in Chromium", .serialized)
struct BrowserKeyboardTests {
    @Test(
        "the NAV chart takes focus by Tab; Left/Right step, Home/End jump, and the polite readout says each point",
        .enabled(
            if: PlaywrightScript.isAvailable, "chromium or Python's playwright is not installed; browser test skipped"))
    func chartByKeyboard() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
            let list = try Fixtures.data("mfapi/list_sample_first50.json")
            let fixtures = try await LoopbackServer.start { request in
                switch request.path {
                case "/mf/122639": .json(history)
                case "/mf": .json(list)
                default: LoopbackResponse(status: 404)
                }
            }
            // A loaded machine may take longer than a page's 3 s for the first fetch; this test is about the keys.
            let server = try await ServeProcess.start(
                home: home,
                environment: ["FOLIO_MFAPI_URL": fixtures.baseURL.absoluteString, "FOLIO_WEB_PAGE_DEADLINE": "60s"])
            defer { _ = server.stop() }
            let page = server.baseURL.appendingPathComponent("funds/122639").absoluteString + "?range=1Y&live=0"
            let found = try await PlaywrightScript.run(chartKeys, arguments: [page])
            guard case .texts(let hover)? = found["hover"], case .texts(let readouts)? = found["readouts"] else {
                Issue.record("the script found no chart: \(found)")
                return
            }
            // Each hover entry is `x,y,text`; the readout shows the text.
            let texts = hover.map { $0.split(separator: ",", maxSplits: 2).last.map(String.init) ?? "" }
            #expect(texts.count > 100)
            #expect(found["reachedByTab"] == .flag(true), "a keyboard reaches the chart")
            #expect(found["hintShown"] == .flag(true), "the keys are told once the script runs")
            #expect(found["live"] == .text("polite"))
            let last = texts.count - 1
            #expect(
                readouts == [texts[last], texts[last - 1], texts[0], texts[1], texts[0], texts[0]],
                "End, Left, Home, Right, Left, Left (stays at the first)")
            #expect(found["markerShown"] == .flag(true))
            await fixtures.stop()
        }
    }

    @Test(
        "removing a watched symbol asks first, with JavaScript off; Cancel keeps it, the confirmation removes it",
        .enabled(
            if: PlaywrightScript.isAvailable, "chromium or Python's playwright is not installed; browser test skipped"))
    func watchlistRemovalWithoutJavaScript() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let email = "keys-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let found = try await PlaywrightScript.run(
                watchlistWithoutScript, arguments: [server.baseURL.absoluteString, email])
            #expect(found["watched"] == .texts(["AMD", "NVDA"]))
            #expect(found["question"] == .text("Stop watching NVDA?"))
            #expect(found["confirmButton"] == .text("Stop watching NVDA"))
            #expect(found["afterCancel"] == .texts(["AMD", "NVDA"]), "Cancel removes nothing")
            #expect(found["afterConfirm"] == .texts(["AMD"]))
            #expect(found["flash"] == .text("Stopped watching NVDA."))
        }
    }
}
