import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// `funds nav` and `funds show` as the binary runs them against loopback servers: the MF API down and AMFI's
/// NAVAll.txt answering gives the latest NAV from AMFI, marked, in JSON and CSV; both down is exit 69 naming both.
@Suite struct MutualFundsAMFIFallbackEndToEndTests {
    /// 503 with `Retry-After: 0`, so the client's retries do not wait.
    static let down = LoopbackResponse(status: 503, headers: ["Retry-After": "0"])

    static func environment(_ server: LoopbackServer) -> [String: String] {
        [
            "FOLIO_AMFI_URL": server.baseURL.absoluteString + "/NAVAll.txt",
            "FOLIO_MFAPI_URL": server.baseURL.absoluteString,
        ]
    }

    @Test func mfapiDownAMFIAnswers() async throws {
        let server = try await LoopbackServer.start { request in
            request.path == "/NAVAll.txt"
                ? LoopbackResponse(
                    status: 200, body: try Fixtures.data("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"))
                : Self.down
        }
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let nav = try await FolioBinary.run(
                ["funds", "nav", "122639", "--format", "json"], home: home, environment: Self.environment(server))
            #expect(nav.exitCode == 0, "\(nav.stderr)")
            let row = try JSONSerialization.jsonObject(with: Data(nav.stdout.utf8)) as? [String: Any]
            #expect(
                row?["source"] as? String == "amfi" && row?["nav"] as? Double == 90.4982
                    && row?["date"] as? String == "2026-08-18")
            #expect(nav.stderr.contains("latest NAV from AMFI: the MF API's history of scheme 122639 is unavailable"))

            let show = try await FolioBinary.run(
                ["funds", "show", "122639", "--format", "csv"], home: home, environment: Self.environment(server))
            #expect(show.exitCode == 0, "\(show.stderr)")
            #expect(show.stdout.contains("1Y,,,,,90.4982,2026-08-18,amfi"))

            let status = try await FolioBinary.run(["funds", "cache", "status", "--format", "json"], home: home)
            let amfi =
                (try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["amfi"]
                as? [String: Any]
            #expect(amfi?["date"] as? String == "2026-08-18" && amfi?["stale"] as? Bool == false)
        }
    }

    @Test func bothDown() async throws {
        let server = try await LoopbackServer.start { _ in Self.down }
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            for arguments in [["funds", "nav", "122639"], ["funds", "show", "122639", "--format", "json"]] {
                let result = try await FolioBinary.run(arguments, home: home, environment: Self.environment(server))
                #expect(result.exitCode == 69, "\(arguments)")
                #expect(
                    result.stderr.contains(
                        "error: the MF API's history of scheme 122639 is unavailable and nothing is cached — the MF API failed (HTTP 503); AMFI's NAV file cannot stand in: AMFI answered HTTP 503"
                    ),
                    "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
    }
}
