import ArgumentParser
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Racing
import Settings
import Testing
import Timing
import TimingTesting

@testable import RacingCommands

@Suite("folio races next")
struct NextCommandTests {
    private let configuration = Configuration(environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:9"])

    private func run(
        _ arguments: [String], http: any HTTPClient, store: (any KeyValueStore)? = nil, now: Date = capturedAt,
        offline: Bool = false, configuration: Configuration? = nil
    ) async throws -> CapturedTerminal {
        let terminal = CapturedTerminal()
        let command = try #require(try RacesCommand.parseAsRoot(["next"] + arguments) as? NextCommand)
        try await command.run(
            in: .test(
                featureID: "races", http: http, store: store ?? InMemoryDatabase().store(namespace: "races"),
                timing: .test(now: now), configuration: configuration ?? self.configuration, terminal: terminal,
                offline: offline))
        return terminal
    }

    /// The races of a `--format json` report.
    private func races(_ output: String) throws -> [[String: Any]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(report["races"] as? [[String: Any]])
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    @Test("the table shows the next 5 races in order, without the race more than 60 s past its start")
    func table() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = lines(try await run([], http: http).output)
        #expect(output.count == 7)
        #expect(output[0].hasPrefix("START"))
        #expect(["IN", "CATEGORY", "MEETING", "NO", "RACE", "COUNTRY"].allSatisfy { output[0].contains($0) })
        let rows = Array(output[2...])
        #expect(rows[0].contains("7s") && rows[0].contains("greyhound") && rows[0].contains("Shepparton"))
        #expect(rows[1].contains("4m 07s") && rows[1].contains("Richmond Straight"))
        #expect(rows[2].contains("8m 07s") && rows[2].contains("Charles Town"), "tie at +487 s: lower race id first")
        #expect(rows[3].contains("8m 07s") && rows[3].contains("Q Straight"))
        #expect(rows[4].contains("9m 07s") && rows[4].contains("Western Fair"))
        #expect(!output.joined().contains("-1m 53s"), "113 s past start is not shown")
        #expect(http.requests.first?.count == 10)
        #expect(http.requests.first?.headers["Content-Type"] == "application/json")
    }

    @Test("--format json writes the documented rows with ISO 8601 UTC starts and null for unknowns")
    func json() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = try await run(["--count", "2", "--format", "json"], http: http).output
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(
            Set(report.keys) == [
                "races", "count", "now", "asOf", "fromSavedCopy", "isStale", "failure", "skipped", "exhausted",
                "requestedCount",
            ])
        #expect(report["failure"] is NSNull, "absent values are null, not missing")
        #expect(report["asOf"] as? String == "2026-01-15T00:59:53Z" && report["fromSavedCopy"] as? Bool == false)
        let rows = try races(output)
        #expect(rows.count == 2)
        #expect(Set(rows[0].keys) == Set(RaceEntry.columns))
        #expect(rows[0]["raceId"] as? String == "255c47b6-158e-4439-b977-babe9a74314a")
        #expect(rows[0]["meetingName"] as? String == "Shepparton")
        #expect(rows[0]["raceNumber"] as? Int == 6)
        #expect(rows[0]["category"] as? String == "greyhound")
        #expect(rows[0]["advertisedStart"] as? String == "2026-01-15T01:00:00Z")
        #expect(rows[0]["secondsToStart"] as? Int == 7)
        #expect(rows[0]["venueCountry"] as? String == "AUS")
        #expect(rows[0]["venueState"] as? String == "VIC")
        #expect(rows[0]["distance"] as? Int == 450)
    }

    @Test("--format csv has the JSON keys as its header")
    func csv() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = try await run(["--count", "1", "--format", "csv"], http: http).output
        let records = output.components(separatedBy: "\r\n")
        #expect(records[0] == RaceEntry.columns.joined(separator: ","))
        #expect(
            records[1].hasPrefix(
                "255c47b6-158e-4439-b977-babe9a74314a,Shepparton,6,Gpp Laser3300,greyhound,2026-01-15T01:00:00Z,7,AUS,VIC,450"
            ))
        // RFC 4180: every record, the last included, ends in CRLF, and nothing follows.
        #expect(records.count == 3 && records[2].isEmpty)
        #expect(!output.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test("--plain speaks each race as a sentence, without colour or box drawing")
    func plain() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = try await run(["--plain", "--count", "3"], http: http, now: capturedAt.addingTimeInterval(10))
            .output
        #expect(
            lines(output) == [
                "Race 6 at Shepparton, greyhound, started 3 seconds ago.",
                "Race 1 at Richmond Straight, greyhound, starts in 3 minutes 57 seconds.",
                "Race 3 at Charles Town, horse, starts in 7 minutes 57 seconds.",
            ])
        #expect(!output.contains("─") && !output.contains("\u{1B}"))
    }

    @Test("category and country filters, with a larger first request, and a warning when the board is short")
    func filters() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let terminal = try await run(["--category", "horse,harness", "--format", "json"], http: http)
        let rows = try races(terminal.output)
        #expect(
            rows.map { $0["meetingName"] as? String } == [
                "Charles Town", "Western Fair Raceway", "Delta Downs", "Northfield Park",
            ])
        #expect(http.requests.map(\.count) == [20], "the fixture lists only 10 races, so the service has no more")
        #expect(
            terminal.errors.contains("warning: only 4 of 5 races pass the filter — the service has no more right now"))

        let countries = try await run(
            ["--country", "nz,usa", "--category", "greyhound", "--format", "json"], http: http)
        let nz = try races(countries.output)
        #expect(nz.map { $0["meetingName"] as? String } == ["Manukau"])
    }

    @Test("the request grows while the filter leaves the board short")
    func grows() async throws {
        let small = try fixture(capturedAt: capturedAt)
        let http = ScriptedHTTP([
            { request in
                // Pretend the service lists exactly `count` races: the fixture padded with far-future greyhounds.
                var root = try JSONSerialization.jsonObject(with: small) as! [String: Any]
                var data = root["data"] as! [String: Any]
                var summaries = data["race_summaries"] as! [String: Any]
                let template =
                    summaries.values.first { (($0 as! [String: Any])["category_id"] as! String).hasPrefix("9daef0d7") }
                    as! [String: Any]
                for index in 0..<max(0, (request.count ?? 0) - summaries.count) {
                    var extra = template
                    let id = String(format: "ffffffff-0000-4000-8000-%012d", index)
                    extra["race_id"] = id
                    extra["advertised_start"] = ["seconds": 1_768_450_000 + index]
                    summaries[id] = extra
                }
                data["race_summaries"] = summaries
                root["data"] = data
                return HTTPResponse(
                    status: 200, body: try JSONSerialization.data(withJSONObject: root), url: request.url)
            }
        ])
        let output = try await run(["--category", "horse", "--count", "2"], http: http).output
        #expect(http.requests.map(\.count) == [20])
        #expect(lines(output).count == 4)
        let terminal = try await run(["--category", "harness", "--count", "3", "--format", "json"], http: http)
        #expect(
            http.requests.dropFirst().map(\.count) == [20, 40, 80, 160, 200],
            "only 2 harness races exist: grows to the bound")
        #expect(terminal.errors.contains("only 2 of 3 races pass the filter"))
    }

    @Test(
        "usage errors: count out of range, unknown category, bad country, --plain with json",
        arguments: [
            ["--count", "0"], ["--count", "101"], ["--category", "camel"], ["--country", "A1"],
            ["--plain", "--format", "json"], ["--format", "xml"],
        ])
    func usageErrors(arguments: [String]) {
        #expect {
            _ = try RacesCommand.parseAsRoot(["next"] + arguments)
        } throws: { error in
            RacesCommand.exitCode(for: error).rawValue == 64
        }
    }

    @Test("an invalid FOLIO_NEDS_URL is a usage error naming the variable")
    func badURL() async {
        await #expect {
            _ = try await run(
                [], http: UnimplementedHTTPClient(),
                configuration: Configuration(environment: ["FOLIO_NEDS_URL": "ftp:/x"]))
        } throws: { error in
            (error as? FolioError)?.kind == .usage && (error as? FolioError)?.what.contains("FOLIO_NEDS_URL") == true
        }
    }

    @Test("--offline shows the saved board with its as-of time; nothing saved is exit 69")
    func offline() async throws {
        let store = InMemoryDatabase(now: { capturedAt }).store(namespace: "races")
        await #expect {
            _ = try await run([], http: UnimplementedHTTPClient(), store: store, offline: true)
        } throws: { error in
            (error as? FolioError)?.kind == .unavailable
        }
        _ = try await run([], http: ScriptedHTTP.body(try Fixtures.data(capturedFixture)), store: store)
        let later = capturedAt.addingTimeInterval(70)
        let terminal = try await run(
            ["--plain"], http: UnimplementedHTTPClient(), store: store, now: later, offline: true)
        let output = lines(terminal.output)
        #expect(output.first == "Race 1 at Richmond Straight, greyhound, starts in 2 minutes 57 seconds.")
        #expect(output.last?.hasPrefix("Shown as of ") == true && output.last?.hasSuffix("(saved copy).") == true)

        let muchLater = capturedAt.addingTimeInterval(3_600)
        await #expect {
            _ = try await run([], http: UnimplementedHTTPClient(), store: store, now: muchLater, offline: true)
        } throws: { error in
            (error as? FolioError)?.kind == .unavailable
                && (error as? FolioError)?.what == "no races left in the saved board"
        }
    }

    @Test("a failing service falls back to the saved board with a warning, or fails with 69 when none is saved")
    func staleIfError() async throws {
        let store = InMemoryDatabase(now: { capturedAt }).store(namespace: "races")
        let down = ScriptedHTTP.body(Data("unavailable".utf8), status: 503)
        await #expect {
            _ = try await run([], http: down, store: store)
        } throws: { error in
            (error as? FolioError)?.kind == .unavailable
        }
        _ = try await run([], http: ScriptedHTTP.body(try Fixtures.data(capturedFixture)), store: store)
        let terminal = try await run(
            ["--format", "json"], http: down, store: store, now: capturedAt.addingTimeInterval(30))
        #expect(terminal.errors.contains("warning: could not reach"))
        #expect(terminal.errors.contains("showing the board saved at"))
        let rows = try races(terminal.output)
        #expect(rows.count == 5)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as? [String: Any])
        #expect(report["fromSavedCopy"] as? Bool == true && report["isStale"] as? Bool == true)
        #expect((report["failure"] as? String)?.hasPrefix("could not reach") == true)
    }

    @Test("an undecodable body is a data error (exit 65), never a stale board")
    func undecodable() async {
        await #expect {
            _ = try await run([], http: ScriptedHTTP.body(Data(#"{"status":200,"data":[]}"#.utf8)))
        } throws: { error in
            FolioError.from(error).kind == .dataError
        }
    }

    @Test("a configured URL answering 404 is a configuration error (exit 64) naming where it was set")
    func notFoundIsConfiguration() async {
        await #expect {
            _ = try await run([], http: ScriptedHTTP.body(Data("Not Found".utf8), status: 404))
        } throws: { error in
            let failure = FolioError.from(error)
            return failure.exitCode == 64 && failure.what.hasSuffix("answered 404 Not Found")
                && failure.why?.contains("FOLIO_NEDS_URL") == true
        }
    }

    @Test("an unreadable race is left out with a warning naming it")
    func skippedRaceWarning() async throws {
        var text = String(decoding: try Fixtures.data(capturedFixture), as: UTF8.self)
        text = text.replacingOccurrences(of: #""seconds": 1768438800"#, with: #""s": 1"#)
        let terminal = try await run(["--format", "json"], http: ScriptedHTTP.body(Data(text.utf8)))
        #expect(
            terminal.errors.contains(
                "warning: 1 race could not be read and is not shown (255c47b6-158e-4439-b977-babe9a74314a"))
        #expect(
            try races(terminal.output).allSatisfy { $0["raceId"] as? String != "255c47b6-158e-4439-b977-babe9a74314a" })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as? [String: Any])
        let skipped = try #require(report["skipped"] as? [[String: Any]])
        #expect(
            skipped.map { $0["raceID"] as? String } == ["255c47b6-158e-4439-b977-babe9a74314a"],
            "reported, never hidden")
    }

    @Test("an empty board says so")
    func emptyBoard() async throws {
        let terminal = try await run(
            ["--category", "other"], http: ScriptedHTTP.body(try Fixtures.data(capturedFixture)))
        #expect(terminal.output == "No races match right now.\n")
        #expect(terminal.errors.contains("only 0 of 5 races pass the filter"))
    }
}
