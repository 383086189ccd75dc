import FeatureKitTesting
import Foundation
import NetworkingTesting
import Synchronization
import Testing

/// The built `folio` binary against a loopback server whose fixture times are shifted so the recording
/// reads as if captured at the moment of each request.
@Suite("folio races, end to end", .serialized)
struct EndToEndTests {
    /// Serves the captured fixture shifted to "now"; records the requests.
    private func server(body: (@Sendable () throws -> Data)? = nil) async throws -> LoopbackServer {
        try await LoopbackServer.start { request in
            guard request.path.hasPrefix("/rest/v1/racing"), request.queryValue("method") == "nextraces" else {
                return .json(#"{"error":"unknown"}"#, status: 404)
            }
            return .json(try body?() ?? fixture(capturedAt: Date()))
        }
    }

    /// Runs `folio arguments…` against `server`, in `home` if given, else in a fresh one removed afterwards.
    private func folio(
        _ arguments: [String], server: LoopbackServer, home: URL? = nil
    ) async throws -> FolioBinary.Result {
        let environment = ["FOLIO_NEDS_URL": server.baseURL.absoluteString]
        if let home {
            return try await FolioBinary.run(arguments, home: home, environment: environment)
        }
        return try await FolioBinary.withTemporaryHome { home in
            try await FolioBinary.run(arguments, home: home, environment: environment)
        }
    }

    @Test("races next prints the board of the shifted fixture")
    func next() async throws {
        let server = try await server()
        defer { Task { await server.stop() } }
        let result = try await folio(["races", "next"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 7)
        #expect(lines[0].hasPrefix("START"))
        let meetings = ["Shepparton", "Richmond Straight", "Charles Town", "Q Straight", "Western Fair Raceway"]
        for (line, meeting) in zip(lines[2...], meetings) {
            #expect(line.contains(meeting), "\(line)")
        }
        let request = try #require(server.requests.first)
        #expect(request.queryValue("count") == "10")
        #expect(request.headers["content-type"] == "application/json")
    }

    @Test("races next --format json with filters")
    func nextJSON() async throws {
        let server = try await server()
        defer { Task { await server.stop() } }
        let result = try await folio(
            ["races", "next", "--format", "json", "--category", "horse", "--country", "usa"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(report["races"] as? [[String: Any]])
        #expect(rows.map { $0["meetingName"] as? String } == ["Charles Town", "Delta Downs"])
        #expect(rows.allSatisfy { ($0["secondsToStart"] as? Int ?? 0) > 0 })
        #expect(result.stderr.contains("warning: only 2 of 5 races pass the filter"))
        #expect(server.requests.first?.queryValue("count") == "20")
    }

    @Test("races next --offline uses the board saved by the previous run")
    func offline() async throws {
        let server = try await server()
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let online = try await folio(["races", "next", "--count", "2"], server: server, home: home)
            #expect(online.exitCode == 0)
            let offline = try await folio(
                ["races", "next", "--count", "2", "--offline", "--plain"], server: server, home: home)
            #expect(offline.exitCode == 0, "\(offline.stderr)")
            #expect(offline.stdout.contains("Race 6 at Shepparton, greyhound, starts in"))
            #expect(offline.stdout.contains("(saved copy)."))
            #expect(server.requests.count == 1)
        }
    }

    @Test("bad input and bad data give the documented exit codes")
    func exitCodes() async throws {
        let broken = try await server(body: { Data("{\"status\":200,\"data\":{\"race_summaries\":[]}}".utf8) })
        defer { Task { await broken.stop() } }
        let undecodable = try await folio(["races", "next"], server: broken)
        #expect(undecodable.exitCode == 65)
        #expect(undecodable.stderr.hasPrefix("error: the service sent data folio cannot read"))

        let usage = try await folio(["races", "next", "--count", "0"], server: broken)
        #expect(usage.exitCode == 64)
        #expect(usage.stderr.contains("--count must be between 1 and 100"))

        let category = try await folio(["races", "watch", "--category", "camel"], server: broken)
        #expect(category.exitCode == 64)
        #expect(category.stderr.contains("unknown category \"camel\""))

        let badURL = try await FolioBinary.withTemporaryHome { home in
            try await FolioBinary.run(["races", "next"], home: home, environment: ["FOLIO_NEDS_URL": "not a url"])
        }
        #expect(badURL.exitCode == 64)
        #expect(badURL.stderr.contains("FOLIO_NEDS_URL is not a valid URL"))

        let offlineEmpty = try await folio(["races", "next", "--offline"], server: broken)
        #expect(offlineEmpty.exitCode == 69)
        #expect(offlineEmpty.stderr.contains("hint:"))

        let offlineWatch = try await folio(["races", "watch", "--offline"], server: broken)
        #expect(offlineWatch.exitCode == 64)
        #expect(broken.requests.count == 1)
    }

    @Test("races watch without a TTY prints one line per change and stops at --max-updates")
    func watchLines() async throws {
        let server = try await server()
        defer { Task { await server.stop() } }
        let result = try await folio(["races", "watch", "--count", "3", "--max-updates", "1"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4)
        #expect(lines[0].hasSuffix("✓ connected"))
        #expect(lines[1].contains("  + ") && lines[1].contains("R6 Shepparton (greyhound, AUS)"))
        #expect(lines[2].contains("R1 Richmond Straight (greyhound, AUS)"))
        #expect(lines[3].contains("R3 Charles Town (horse, USA)"))
        #expect(!result.stdout.contains("\u{1B}"), "no escapes in a pipe")

        let json = try await folio(
            ["races", "watch", "--count", "2", "--max-updates", "1", "--format", "json"], server: server)
        let objects = try json.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["change"] as? String } == ["status", "added", "added"])
    }

    // The limit only ends a hang: a run of the whole suite on two cores can keep a test queued for over a minute.
    @Test("races watch prints the expiry of a race and the refill", .timeLimit(.minutes(10)))
    func watchExpiry() async throws {
        // At the first request the first race is 58 s past its start, so it expires about 3 s later; later
        // answers repeat the first one, as the service would.
        let first = Mutex<Data?>(nil)
        let server = try await server(body: {
            try first.withLock { data in
                if data == nil { data = try fixture(capturedAt: Date().addingTimeInterval(-65)) }
                return data!
            }
        })
        defer { Task { await server.stop() } }
        let result = try await folio(
            ["races", "watch", "--count", "2", "--max-updates", "2", "--plain"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 5)
        #expect(lines[0] == "Connected.")
        // 58 or 59 s ago on an idle machine; a loaded one (a parallel build) may take the process past the minute
        // before it prints, which is not what this test is about.
        #expect(lines[1].hasPrefix("Added: Race 6 at Shepparton, greyhound, started "), "\(lines[1])")
        #expect(lines[2].hasPrefix("Added: Race 1 at Richmond Straight"))
        #expect(lines[3].hasPrefix("Removed: Race 6 at Shepparton, greyhound, started 1 minute"))
        #expect(lines[4].hasPrefix("Added: Race 3 at Charles Town, horse"))
    }
}
