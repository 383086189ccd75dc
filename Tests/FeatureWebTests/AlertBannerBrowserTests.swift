import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// The alerts banner in headless Chromium on the page's own clock (issue 38 item 5): a race alert added while a
/// race is already inside its window shows at once, and the banner's countdown moves with the page's clock.
@Suite(.serialized) struct AlertBannerBrowserTests {
    /// The recorded board with every start moved so it reads as if captured now: Richmond Straight R1 starts
    /// 247 s after the moment it is served.
    static func board() throws -> Data {
        let path = "neds/nextraces_j-_payload-1768438793569.json"
        let shift = Int(Date().timeIntervalSince1970) - 1_768_438_793
        var root = try JSONSerialization.jsonObject(with: try Fixtures.data(path)) as! [String: Any]
        var data = root["data"] as! [String: Any]
        var races = data["race_summaries"] as! [String: [String: Any]]
        for id in races.keys {
            var start = races[id]!["advertised_start"] as! [String: Any]
            start["seconds"] = (start["seconds"] as! Int) + shift
            races[id]!["advertised_start"] = start
        }
        data["race_summaries"] = races
        root["data"] = data
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// The seconds a banner's `starts in 4m 05s` names, nil without one.
    static func seconds(_ banner: String?) -> Int? {
        guard let banner, let range = banner.range(of: "starts in ") else { return nil }
        var total = 0
        for part in banner[range.upperBound...].split(separator: " ").prefix(2) {
            guard let unit = part.last, let value = Int(part.dropLast()) else { break }
            switch unit {
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
        }
        return total
    }

    @Test(
        "issue 38: a race alert added inside its window shows in the banner at once, and its countdown follows the page's clock",
        .enabled(if: Playwright.isInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func liveBanner() async throws {
        try await FolioBinary.withTemporaryHome { home in
            // The schedule's own cycle for races is ten minutes: only the added alert's check can fire in time.
            try #"{"races.refresh": "600s"}"#.write(
                to: home.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
            let racing = try await LoopbackServer.start { _ in .json(try Self.board()) }
            defer { Task { await racing.stop() } }
            let server = try await ServeProcess.start(
                home: home,
                environment: ["FOLIO_NEDS_URL": racing.baseURL.absoluteString, "FOLIO_WEB_PAGE_DEADLINE": "60s"])
            defer { _ = server.stop() }
            let result = try await Playwright.run("alert_banner.py", base: server.baseURL)
            #expect(result["pageErrors"] == nil, "\(result["pageErrors"] ?? "")")
            #expect((result["flash"] as? String)?.contains("Added alert #1") == true, "\(result)")
            let shown = try #require(result["shown"] as? String, "\(result)")
            #expect(shown.hasPrefix("Alert: ") && shown.contains("Richmond Straight"), "\(shown)")
            let first = try #require(Self.seconds(shown), "\(shown)")
            #expect((200...247).contains(first), "\(shown)")
            let later = try #require(Self.seconds(result["after30s"] as? String), "\(result)")
            // Thirty seconds of the page's clock, and at most a few of the real one while the script ran.
            #expect((first - later) >= 30 && (first - later) <= 40, "\(shown) → \(result["after30s"] ?? "")")
            #expect((result["after10m30s"] as? String)?.contains("has started") == true, "\(result)")
        }
    }
}
