import FeatureKitTesting
import Foundation
import Testing

/// The household overview on the served binary, read by headless Chromium at a phone's and a desktop's width, in
/// light and dark (issue 38 item 7).
@Suite(.serialized) struct OverviewBrowserTests {
    @Test(
        "issue 38: / shows the overview; its chart follows the scheme with labels inside, a phone never scrolls sideways, tables read as cards, axe is clean, and a suggestion links in one click",
        .enabled(if: Playwright.isInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func overviewInTheBrowser() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv")
            #expect(try await FolioBinary.run(["etf", "save", "core", examples.path], home: home).exitCode == 0)
            // Offline: the races and funds services are never asked; the overview shows what is saved.
            let server = try await ServeProcess.start(home: home, environment: [:], arguments: ["--offline"])
            defer { _ = server.stop() }
            let (status, api) = try await server.get("/api/overview")
            #expect(status == 200)
            #expect(api.contains("\"allocation\""))
            let result = try await Playwright.run("overview.py", base: server.baseURL)
            #expect((result["pageErrors"] as? [String])?.isEmpty == true, "\(result["pageErrors"] ?? "")")
            for width in [390, 1280] {
                for scheme in ["light", "dark"] {
                    let name = "\(width)-\(scheme)"
                    let rendering = try #require(result[name] as? [String: Any], "\(name) was not rendered")
                    let chart = try #require(rendering["chart"] as? [String: Any], "\(name): no trend chart")
                    #expect(chart["rendering"] as? String == (width == 390 ? "chart-narrow" : "chart-wide"), "\(name)")
                    #expect(
                        (chart["outside"] as? [String])?.isEmpty == true, "\(name): labels outside the box \(chart)")
                    let white = "rgb(255, 255, 255)"
                    #expect((chart["background"] as? String == white) == (scheme == "light"), "\(name): \(chart)")
                    #expect((chart["label"] as? String) != (chart["background"] as? String), "\(name)")
                    #expect(
                        (rendering["scrollWidth"] as? Int ?? .max) <= (rendering["innerWidth"] as? Int ?? 0), "\(name)")
                    #expect((rendering["allocation"] as? Int ?? 0) > 0, "\(name): no allocation")
                    if let axe = rendering["axe"] as? [String] { #expect(axe.isEmpty, "\(name): \(axe)") }
                    let cards = try #require(rendering["cards"] as? [String: Any], "\(name): no accounts table")
                    #expect(cards["display"] as? String == (width == 390 ? "block" : "table-row"), "\(name): \(cards)")
                    // Labelled by the server, so a phone reads cards without JavaScript too.
                    #expect(cards["label"] as? String == "Type", "\(name): \(cards)")
                }
            }
            let before = try #require((result["390-light"] as? [String: Any])?["suggestions"] as? Int)
            #expect(before == 2, "the paper account and the saved ETF portfolio")
            let linked = try #require(result["linked"] as? [String: Any])
            #expect((linked["flash"] as? String)?.contains("it follows") == true, "\(linked)")
            #expect(linked["suggestionsAfter"] as? Int == before - 1)
            let summary = try await FolioBinary.run(["networth", "accounts", "list", "--format", "json"], home: home)
            #expect(
                summary.stdout.contains("\"source\" : \"etf:saved/core\"")
                    || summary.stdout.contains("\"source\" : \"stocks:portfolio/"))
        }
    }
}
