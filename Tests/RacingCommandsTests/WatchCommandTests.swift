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
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import RacingCommands

/// A wall clock that moves with a manual clock and counts its readers: the board reads it once per event
/// it handles, which tells the test driver that the board has caught up with the last tick.
final class ManualWallClock: WallClock {
    let origin: Date
    let clock: ManualClock
    private let reads = Mutex(0)

    init(origin: Date, clock: ManualClock) {
        self.origin = origin
        self.clock = clock
    }

    var readCount: Int { reads.withLock { $0 } }

    func now() -> Date {
        reads.withLock { $0 += 1 }
        let (seconds, attoseconds) = clock.now.offset.components
        return origin.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    }
}

@Suite("folio races watch")
struct WatchCommandTests {
    private let configuration = Configuration(environment: ["FOLIO_NEDS_URL": "http://127.0.0.1:9"])

    /// Runs `watch` on a manual clock, advancing it a second at a time (never in real time) until the
    /// command ends, for at most `limit` seconds. The board's work runs on the shared executor, so a
    /// countdown can be read a second later than the tick that triggered it: the exact scheduling is
    /// tested in `LiveBoardTests`; these tests check what the command prints.
    private func watch(
        _ arguments: [String], http: any HTTPClient, interactive: Bool = false, limit: Int = 200,
        now: Date = capturedAt
    ) async throws -> CapturedTerminal {
        let terminal = CapturedTerminal(interactive: interactive, width: 100, height: 30)
        let clock = ManualClock()
        let wall = ManualWallClock(origin: now, clock: clock)
        let timing = Timing(clock: clock, wallClock: wall)
        let command = try #require(try RacesCommand.parseAsRoot(["watch"] + arguments) as? WatchCommand)
        let context = FeatureContext.test(
            featureID: "races", http: http, store: InMemoryDatabase().store(namespace: "races"), timing: timing,
            configuration: configuration, terminal: terminal)
        let done = Mutex(false)
        let task = Task {
            defer { done.withLock { $0 = true } }
            try await command.run(in: context)
        }
        var elapsed = 0
        // Only ends a hung test: on a loaded machine running the whole suite a minute was not enough to start.
        let giveUp = ContinuousClock.now.advanced(by: .seconds(600))
        while !done.withLock({ $0 }) {
            guard ContinuousClock.now < giveUp else {
                Issue.record("watch neither finished nor waited on the clock")
                break
            }
            if clock.sleeperCount > 0 {
                #expect(clock.sleeperCount == 1, "only the shared ticker sleeps")
                guard elapsed < limit else { break }
                let reads = wall.readCount
                await clock.advance(by: .seconds(1))
                elapsed += 1
                // Let the board handle the tick before time moves on (it reads the wall clock when it does).
                _ = await yieldUntil { wall.readCount != reads || done.withLock({ $0 }) }
            } else {
                await Task.yield()
            }
        }
        task.cancel()
        try await task.value
        return terminal
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test("without a TTY the first board prints one line per race, then stops at --max-updates")
    func firstBoard() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = lines(try await watch(["--max-updates", "1", "--count", "3"], http: http).output)
        try #require(output.count == 4)
        #expect(output[0].hasSuffix("  ✓ connected"))
        #expect(
            output[1].contains("  + ") && output[1].contains("  R6 Shepparton (greyhound, AUS) · Gpp Laser3300 · in "))
        #expect(output[2].contains("R1 Richmond Straight (greyhound, AUS)"))
        #expect(output[3].contains("R3 Charles Town (horse, USA)"))
        #expect(http.requests.count == 1)
    }

    @Test("an expiry prints the removal and the refill, after exactly one more fetch")
    func expiryLines() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let terminal = try await watch(
            ["--max-updates", "2", "--count", "2", "--plain", "--refresh", "5m"], http: http)
        // Shepparton starts at +7 s, so it leaves 61 s past its start, at +68 s.
        let output = lines(terminal.output)
        try #require(output.count == 5)
        #expect(output[0] == "Connected.")
        #expect(output[1].hasPrefix("Added: Race 6 at Shepparton, greyhound, starts in "))
        #expect(output[2].hasPrefix("Added: Race 1 at Richmond Straight, greyhound, starts in 4 minutes"))
        #expect(output[3].hasPrefix("Removed: Race 6 at Shepparton, greyhound, started 1 minute "))
        #expect(output[4].hasPrefix("Added: Race 3 at Charles Town, horse, starts in 6 minutes 5"))
        #expect(http.requests.count == 2, "one fetch at start, one for the expiry")
    }

    @Test("--format json prints one JSON object per change")
    func jsonLines() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = lines(
            try await watch(["--max-updates", "1", "--count", "2", "--format", "json"], http: http).output)
        let objects = try output.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["change"] as? String } == ["status", "added", "added"])
        #expect(objects[0]["status"] as? String == "live")
        let race = try #require(objects[1]["race"] as? [String: Any])
        #expect(race["meetingName"] as? String == "Shepparton")
        #expect((5...7).contains(race["secondsToStart"] as? Int ?? 0))
        #expect((objects[1]["time"] as? String)?.hasPrefix("2026-01-15T00:59:5") == true)
    }

    @Test("a failing service prints reconnecting with the backoff, and the recovery")
    func reconnecting() async throws {
        let body = try Fixtures.data(capturedFixture)
        let http = ScriptedHTTP([
            { request in HTTPResponse(status: 503, body: Data("down".utf8), url: request.url) },
            { request in HTTPResponse(status: 503, body: Data("down".utf8), url: request.url) },
            { request in HTTPResponse(status: 200, body: body, url: request.url) },
        ])
        let output = lines(try await watch(["--max-updates", "3", "--count", "1", "--plain"], http: http).output)
        try #require(output.count == 4)
        #expect(output[0].hasPrefix("Connection lost: the service is unavailable — "))
        // Backoff 2 s then 4 s, each ±20 % jitter, rounded up.
        #expect(output[0].contains("answered HTTP 503: down. Retrying in "))
        #expect(output[0].hasSuffix("in 2 seconds.") || output[0].hasSuffix("in 3 seconds."))
        #expect(output[1].hasSuffix("in 4 seconds.") || output[1].hasSuffix("in 5 seconds."))
        #expect(output[2] == "Connected.")
        #expect(output[3].hasPrefix("Added: Race 6 at Shepparton, greyhound, "))
        #expect(http.requests.count == 3)
    }

    @Test("on a terminal it draws the live screen and restores the terminal")
    func liveScreen() async throws {
        let http = ScriptedHTTP.body(try Fixtures.data(capturedFixture))
        let output = try await watch(["--max-updates", "3", "--count", "2"], http: http, interactive: true).output
        #expect(output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"))
        #expect(output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
        let frames = output.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst()
        #expect(frames.count == 3)
        let first = try #require(frames.first)
        #expect(first.contains("Next to go"))
        #expect(first.contains("connecting…"))
        let last = try #require(frames.last)
        #expect(last.contains("live"))
        #expect(last.contains("Shepparton") && last.contains("Richmond Straight"))
        #expect(last.contains("q quit"))
    }

    @Test("--refresh below 10 s, a malformed duration, or --offline are refused")
    func refusals() async throws {
        await #expect {
            _ = try await watch(["--refresh", "5s"], http: UnimplementedHTTPClient())
        } throws: { error in
            (error as? FolioError)?.kind == .usage && (error as? FolioError)?.hint == "set --refresh to 10s or more"
        }
        #expect {
            _ = try RacesCommand.parseAsRoot(["watch", "--refresh", "soon"])
        } throws: { error in
            RacesCommand.exitCode(for: error).rawValue == 64
        }
        let command = try #require(try RacesCommand.parseAsRoot(["watch"]) as? WatchCommand)
        await #expect {
            try await command.run(in: .test(featureID: "races", offline: true))
        } throws: { error in
            (error as? FolioError)?.kind == .usage
        }
    }

    @Test("the refresh interval comes from --refresh, else races.refresh in config.json, else 30 s")
    func refreshSetting() throws {
        let command = try #require(try RacesCommand.parseAsRoot(["watch"]) as? WatchCommand)
        #expect(try command.refreshInterval(in: .test()) == .seconds(30))
        let configured = FeatureContext.test(configuration: Configuration(file: ["races.refresh": "1m"]))
        #expect(try command.refreshInterval(in: configured) == .seconds(60))
        let flagged = try #require(try RacesCommand.parseAsRoot(["watch", "--refresh", "15s"]) as? WatchCommand)
        #expect(try flagged.refreshInterval(in: configured) == .seconds(15))
    }

    @Test("a too-short races.refresh in config.json is blamed on the config.json key, not on --refresh")
    func tooShortRefreshNamesItsSource() throws {
        let command = try #require(try RacesCommand.parseAsRoot(["watch"]) as? WatchCommand)
        let configured = FeatureContext.test(
            configuration: Configuration(file: ["races.refresh": "5s"], filePath: "/home/me/config.json"))
        #expect {
            _ = try command.refreshInterval(in: configured)
        } throws: { error in
            let error = error as? FolioError
            return error?.kind == .usage
                && error?.hint == "set \"races.refresh\" in /home/me/config.json to 10s or more"
                && error?.what.contains("from \"races.refresh\" in /home/me/config.json") == true
        }
    }
}

@Suite("Watch change lines")
struct ChangeLogTests {
    private let now = capturedAt

    private func sample(_ id: String, startsIn seconds: TimeInterval, meeting: String = "Albion Park") -> Race {
        Race(
            id: id, name: "Pace", number: 4, meetingName: meeting, category: RaceCategory(kind: .harness),
            advertisedStart: now.addingTimeInterval(seconds), venueCountry: "AUS")
    }

    @Test("plain sentences for added, rescheduled and dropped races")
    func plainChanges() {
        let log = ChangeLog(style: .plain, count: 5)
        let a = sample("a", startsIn: 125)
        let b = sample("b", startsIn: 300, meeting: "Menangle")
        _ = log.lines(for: LiveBoardState(event: .started, now: now, races: [], status: .connecting, asOf: nil))
        #expect(
            log.lines(
                for: LiveBoardState(event: .refreshed(.initial), now: now, races: [a, b], status: .live, asOf: now))
                == [
                    "Connected.",
                    "Added: Race 4 at Albion Park, harness, starts in 2 minutes 5 seconds.",
                    "Added: Race 4 at Menangle, harness, starts in 5 minutes.",
                ])
        #expect(
            log.lines(for: LiveBoardState(event: .tick(1), now: now, races: [a, b], status: .live, asOf: now)).isEmpty)
        var moved = a
        moved.advertisedStart = now.addingTimeInterval(185)
        #expect(
            log.lines(
                for: LiveBoardState(event: .refreshed(.periodic), now: now, races: [moved], status: .live, asOf: now))
                == [
                    "Removed: Race 4 at Menangle, harness, no longer in the next 5.",
                    "Changed: Race 4 at Albion Park, harness, now starts in 3 minutes 5 seconds.",
                ])
    }

    @Test("text lines carry a timestamp and a marker per kind of change")
    func textChanges() {
        let log = ChangeLog(style: .text, count: 5, timeZone: TimeZone(identifier: "UTC")!)
        let a = sample("a", startsIn: 125)
        let lines = log.lines(
            for: LiveBoardState(event: .refreshed(.initial), now: now, races: [a], status: .live, asOf: now))
        #expect(
            lines == [
                "2026-01-15 00:59:53  ✓ connected",
                "2026-01-15 00:59:53  + 01:01  R4 Albion Park (harness, AUS) · Pace · in 2m 05s",
            ])
        let later = now.addingTimeInterval(186)
        let failed = log.lines(
            for: LiveBoardState(
                event: .failed(.expiry), now: later, races: [],
                status: .reconnecting(attempt: 3, retryAt: later.addingTimeInterval(7.5), reason: "timed out"),
                asOf: now))
        #expect(
            failed == [
                "2026-01-15 01:02:59  ! reconnecting… attempt 3, next try in 8s — timed out",
                "2026-01-15 01:02:59  - 01:01  R4 Albion Park (harness, AUS) · expired",
            ])
    }
}

@Suite("The live screen")
struct WatchScreenTests {
    private let screen = WatchScreen(
        count: 3, refresh: .seconds(30), style: FeatureKit.Style(colorEnabled: false), width: 100,
        timeZone: TimeZone(identifier: "UTC")!)

    private func sample(_ id: String, startsIn seconds: TimeInterval) -> Race {
        Race(
            id: id, name: "Pace", number: 4, meetingName: "Albion Park", category: RaceCategory(kind: .harness),
            advertisedStart: capturedAt.addingTimeInterval(seconds), venueCountry: "AUS")
    }

    @Test("a live board: clock, age of the data, the table, a short-board note and the keys")
    func live() {
        let lines = screen.lines(
            for: LiveBoardState(
                event: .tick(3), now: capturedAt, races: [sample("a", startsIn: 125)], status: .live,
                asOf: capturedAt.addingTimeInterval(-12), skipped: [SkippedRace(raceID: "x", reason: "bad")]))
        #expect(lines[0] == "Next to go · 00:59:53")
        #expect(lines[1] == "live · updated 12s ago")
        #expect(lines[3].hasPrefix("START"))
        #expect(lines[5].contains("01:01") && lines[5].contains("2m 05s") && lines[5].contains("Albion Park"))
        #expect(lines.contains("only 1 of 3 races to show right now"))
        #expect(lines.contains("1 race in the last answer could not be read"))
        #expect(lines.last == "q quit · refreshes every 30s and when a race expires")
    }

    @Test("reconnecting keeps the last board and says when the next try is")
    func reconnecting() {
        let lines = screen.lines(
            for: LiveBoardState(
                event: .failed(.periodic), now: capturedAt, races: [sample("a", startsIn: 125)],
                status: .reconnecting(attempt: 2, retryAt: capturedAt.addingTimeInterval(4), reason: "timed out"),
                asOf: capturedAt.addingTimeInterval(-40)))
        #expect(lines[1] == "reconnecting… attempt 2, next try in 4s · showing the board from 00:59:13 — timed out")
        #expect(lines.contains { $0.contains("Albion Park") })
    }

    @Test("before the first answer it says it is waiting")
    func connecting() {
        let lines = screen.lines(
            for: LiveBoardState(event: .started, now: capturedAt, races: [], status: .connecting, asOf: nil))
        #expect(lines[1] == "connecting…")
        #expect(lines.contains("Waiting for the first board…"))
    }
}
