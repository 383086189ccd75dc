import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Settings
import Synchronization
import Timing
import TimingTesting

@testable import MutualFundsCommands

/// Replays the recorded MF API answers: the list, the five recorded schemes, HTTP 200 with blank meta for
/// other numeric codes (as the real API does) and HTTP 400 for anything else.
enum MFAPIReplay {
    static let blankScheme =
        #"{"meta":{"fund_house":"","scheme_type":"","scheme_category":"","scheme_code":0,"scheme_name":"","isin_growth":null,"isin_div_reinvestment":null},"data":[],"status":"SUCCESS"}"#

    /// Where AMFI's NAVAll.txt (of 25-Feb-2025) is served: `FOLIO_AMFI_URL` = `http://mfapi.test/NAVAll.txt`.
    static let amfiPath = "/NAVAll.txt"

    static let files = [
        "122639": "scheme_122639_history_full_3266pts.json",
        "119598": "scheme_119598_sbi_largecap_direct_30pts.json",
        "120505": "scheme_120505_axis_midcap_direct_100pts.json",
    ]

    /// (status, body) for a request path.
    static func answer(path: String) throws -> (Int, Data) {
        if path == "/mf" || path == "/mf/" { return (200, try Fixtures.data("mfapi/list_sample_first50.json")) }
        if path == amfiPath { return (200, try Fixtures.data("amfi/CASscanner_NAVAll_2025-02-25_6col.txt")) }
        guard path.hasPrefix("/mf/") else { return (404, Data("not found".utf8)) }
        let code = String(path.dropFirst(4))
        if let file = files[code] { return (200, try Fixtures.data("mfapi/\(file)")) }
        // 122639's recorded history trimmed to its three newest and three oldest NAVs (see GappedFixture).
        if code == GappedFixture.code { return (200, try Fixtures.data(GappedFixture.path)) }
        if code == "100027" || code == "100042" { return (200, try derived(code)) }
        if !code.isEmpty, code.allSatisfy(\.isNumber) { return (200, Data(blankScheme.utf8)) }
        return (400, Data(#"{"error":"invalid scheme_code"}"#.utf8))
    }

    /// One scheme of the derived two-scheme file, with the status the API adds.
    static func derived(_ code: String) throws -> Data {
        let object =
            try JSONSerialization.jsonObject(
                with: Fixtures.data("mfapi/derived_two_schemes_trimmed_NOT_raw_response.json")) as! [String: Any]
        var scheme = object[code] as! [String: Any]
        scheme["status"] = "SUCCESS"
        return try JSONSerialization.data(withJSONObject: scheme)
    }
}

/// An in-process `folio funds` with an in-memory store, a pinned wall clock and a scriptable API.
final class Harness: Sendable {
    enum Behaviour: Sendable {
        case replay
        case failing(status: Int)
        case down
        /// The MF API answers `status`; AMFI's file is served.
        case mfapiFailing(status: Int)
    }

    let wall: PinnedWallClock
    let database: InMemoryDatabase
    let http: StubHTTPClient
    private let behaviour: Scripted
    static let start = Date(timeIntervalSince1970: 1_788_600_000)  // 2026-09-05 09:20 UTC

    init() {
        let wall = PinnedWallClock(Self.start)
        let behaviour = Scripted()
        self.behaviour = behaviour
        self.wall = wall
        database = InMemoryDatabase(now: { wall.now() })
        http = StubHTTPClient { request in
            switch behaviour.current {
            case .mfapiFailing(let status) where request.url.path != MFAPIReplay.amfiPath:
                return HTTPResponse(status: status, body: Data("server error".utf8), url: request.url)
            case .replay, .mfapiFailing:
                let (status, body) = try MFAPIReplay.answer(path: request.url.path)
                return HTTPResponse(status: status, body: body, url: request.url)
            case .failing(let status):
                return HTTPResponse(status: status, body: Data("server error".utf8), url: request.url)
            case .down:
                throw NetworkError.connectionFailed(url: request.url, reason: "Connection refused")
            }
        }
    }

    func set(_ new: Behaviour) { behaviour.set(new) }

    /// The behaviour, shared by the harness and its stub client.
    final class Scripted: Sendable {
        private let state = Mutex(Behaviour.replay)
        var current: Behaviour { state.withLock { $0 } }
        func set(_ new: Behaviour) { state.withLock { $0 = new } }
    }

    var requestPaths: [String] { http.requests.map(\.url.path) }

    /// Runs `folio funds <arguments>` like the host does; returns the terminal.
    @discardableResult
    func run(
        _ arguments: [String], offline: Bool = false, environment: [String: String] = [:], interactive: Bool = false,
        input: [String] = [], width: Int = 120
    ) async throws -> CapturedTerminal {
        let terminal = CapturedTerminal(interactive: interactive, width: width, input: input)
        var environment = environment
        environment["FOLIO_MFAPI_URL"] = environment["FOLIO_MFAPI_URL"] ?? "http://mfapi.test"
        let context = FeatureContext.test(
            featureID: "funds", http: http, store: database.store(namespace: "funds"),
            timing: Timing(clock: ManualClock(), wallClock: wall),
            configuration: Configuration(environment: environment),
            terminal: terminal, offline: offline)
        let parsed = try FundsCommand.parseAsRoot(arguments)
        guard let command = parsed as? any FeatureCommand else {
            throw FolioError(.internal, "\(arguments) is not a runnable command")
        }
        try await command.run(in: context)
        return terminal
    }

    /// Imports `statement` (casparser's JSON) as `folio funds portfolio import FILE [arguments]` would, from a file
    /// that is removed again; returns the terminal.
    @discardableResult
    func importStatement(_ statement: Data, _ arguments: [String] = []) async throws -> CapturedTerminal {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cas-\(UUID().uuidString).json")
        try statement.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await run(["portfolio", "import", file.path] + arguments)
    }

    /// Runs and parses standard output as JSON.
    func json(_ arguments: [String], offline: Bool = false, environment: [String: String] = [:]) async throws -> Any {
        let terminal = try await run(arguments + ["--format", "json"], offline: offline, environment: environment)
        return try JSONSerialization.jsonObject(with: Data(terminal.output.utf8), options: [.fragmentsAllowed])
    }
}

/// Runs `body` and returns the ``FolioError`` it throws (nil when it throws none).
func folioError(_ body: () async throws -> Void) async -> FolioError? {
    do {
        try await body()
        return nil
    } catch {
        return FolioError.from(error)
    }
}
