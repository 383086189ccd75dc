import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// Every action of the web face walked through its own forms in one headless Chromium against one real `folio serve`
/// on a fresh home, the store read back with the `folio` CLI after each step (Tests/Browser/walk_actions.py).
@Suite("The web face's actions walked in the browser")
struct BrowserActionWalkTests {
    /// The steps the script walks, in order: one missing means the walk stopped short.
    static let steps = [
        "load the sample", "add an account", "rename the account", "add a note", "record a balance update",
        "set a rate", "remove the rate (confirmed)", "remove the account (confirmed)",
        "sign up a stock account", "deposit cash", "buy shares", "sell shares", "add to the watchlist",
        "remove from the watchlist (confirmed)", "add a stock alert",
        "add a favourite from the fund page", "record a manual purchase", "remove the purchase (confirmed)",
        "clear the cache (confirmed), keeping the favourites",
        "paste a CSV and save it under a name", "delete the saved portfolio (confirmed)",
        "add a net-worth alert", "remove the net-worth alert (confirmed)",
    ]

    @Test(
        "net worth, stocks, funds, ETF and alerts actions through real forms each change the store the CLI reads",
        .enabled(if: Playwright.isInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func walkEveryAction() async throws {
        try await FolioBinary.withTemporaryHome { home in
            // The MF API's loopback stand-in, for the server's fund pages and the CLI's checks alike; stocks are
            // priced by the bundled simulated market. Nothing reaches the network.
            let list = try Fixtures.data("mfapi/list_sample_first50.json")
            let history = try Fixtures.data("mfapi/scheme_122639_history_full_3266pts.json")
            let fixtures = try await LoopbackServer.start { request in
                switch request.path {
                case "/mf": .json(list)
                case "/mf/122639": .json(history)
                default: LoopbackResponse(status: 404)
                }
            }
            let mfapi = fixtures.baseURL.absoluteString
            let server = try await ServeProcess.start(
                home: home, environment: ["FOLIO_MFAPI_URL": mfapi, "FOLIO_WEB_PAGE_DEADLINE": "60s"])
            // The server and stand-in stop whatever the walk found, before its findings are judged.
            let walked: Result<[String: Any], any Error>
            do {
                walked = .success(
                    try await Playwright.run(
                        "walk_actions.py", base: server.baseURL,
                        environment: [
                            "FOLIO_BINARY": FolioBinary.url.path, "FOLIO_HOME": home.path, "FOLIO_MFAPI_URL": mfapi,
                        ],
                        timeout: 480))
            } catch {
                walked = .failure(error)
            }
            _ = server.stop()
            await fixtures.stop()
            let result = try walked.get()
            #expect(result["steps"] as? [String] == Self.steps, "\(result["steps"] ?? "no steps")")
            let failures = try #require(result["failures"] as? [String])
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }
}
