import FeatureKitTesting
import Foundation
import Testing

/// Folio's pages with JavaScript turned off at 390 px (issue 38 item 3): a refused form's errors are summarised at
/// the top of the page by the server, each linking to its field, and long tables read as cards by CSS alone.
@Suite(.serialized) struct NoScriptBrowserTests {
    @Test(
        "issue 38: without JavaScript a refused form shows an error summary linking to its field on the first screen, and tables read as cards",
        .enabled(if: Playwright.isInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func withoutJavaScript() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["networth", "sample"], home: home).exitCode == 0)
            let server = try await ServeProcess.start(home: home, environment: [:], arguments: ["--offline"])
            defer { _ = server.stop() }
            let result = try await Playwright.run("no_script.py", base: server.baseURL)
            for page in ["alerts", "etf"] {
                let summary = try #require(result[page] as? [String: Any], "\(page): no error summary \(result)")
                #expect(summary["role"] as? String == "alert", "\(page)")
                #expect(summary["onFirstScreen"] as? Bool == true, "\(page): \(summary)")
                let links = try #require(summary["links"] as? [[String: Any]], "\(page)")
                #expect(!links.isEmpty, "\(page)")
                for link in links {
                    #expect(link["found"] as? Bool == true, "\(page): \(link)")
                    #expect(link["invalid"] as? String == "true", "\(page): the link leads to the blamed field \(link)")
                }
            }
            let alerts = try #require((result["alerts"] as? [String: Any])?["links"] as? [[String: Any]])
            #expect(alerts.first?["href"] as? String == "#within-field")
            #expect((alerts.first?["text"] as? String)?.contains("\"soon\" is not a window") == true, "\(alerts)")
            let etf = try #require((result["etf"] as? [String: Any])?["links"] as? [[String: Any]])
            #expect(etf.first?["href"] as? String == "#csv", "\(etf)")
            let cards = try #require(result["cards"] as? [String: Any])
            #expect(cards["display"] as? String == "block", "\(cards)")
            #expect(cards["label"] as? String == "Type", "\(cards)")
            #expect(cards["before"] as? String == "\"Type\"", "\(cards)")
            #expect((cards["scrollWidth"] as? Int ?? .max) <= (cards["innerWidth"] as? Int ?? 0), "\(cards)")
        }
    }
}
