import Foundation
import NetworkingTesting
import Synchronization

/// The scenario clock of an alerts test: how far the recorded racing board has moved on. The board served
/// reads as if captured `elapsed` seconds ago, so a race that started 487 s after the capture starts in
/// 487 − elapsed seconds; moving the clock back is a start put back.
final class ScenarioClock: Sendable {
    private let seconds = Mutex(0)

    var elapsed: Int {
        get { seconds.withLock { $0 } }
        set { seconds.withLock { $0 = newValue } }
    }

    /// The recorded board with every start moved to match the scenario's time.
    func board() throws -> Data {
        let path = "neds/nextraces_j-_payload-1768438793569.json"
        let shift = Int(Date().timeIntervalSince1970) - 1_768_438_793 - elapsed
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

    /// A loopback racing service answering with ``board()``.
    func serve() async throws -> LoopbackServer {
        try await LoopbackServer.start { _ in .json(try self.board()) }
    }
}

/// A loopback webhook: what it received, answering from a script of statuses (the last one repeats).
final class WebhookReceiver: Sendable {
    private let state: Mutex<(statuses: [Int], keys: [String], titles: [String], clicks: [String])>

    init(answering statuses: [Int] = [200]) { state = Mutex((statuses, [], [], [])) }

    func answer(_ request: LoopbackRequest) -> LoopbackResponse {
        LoopbackResponse(
            status: state.withLock { state in
                state.keys.append(request.headers["idempotency-key"] ?? "")
                state.titles.append(request.headers["title"] ?? "")
                state.clicks.append(request.headers["click"] ?? "")
                return state.statuses.count > 1 ? state.statuses.removeFirst() : state.statuses[0]
            })
    }

    func serve() async throws -> LoopbackServer {
        try await LoopbackServer.start { self.answer($0) }
    }

    /// Every `Idempotency-Key` received, repeats included.
    var keys: [String] { state.withLock { $0.keys } }
    /// Every `Title` received.
    var titles: [String] { state.withLock { $0.titles } }
    /// Every `Click` received.
    var clicks: [String] { state.withLock { $0.clicks } }
}

/// A loopback racing service on a scenario clock and a loopback webhook, running for `body`: it gets the clock,
/// the receiver, the webhook's URL and the environment that points folio at the racing service.
func withRaceScenario(
    _ body: (ScenarioClock, WebhookReceiver, _ webhook: String, _ environment: [String: String]) async throws -> Void
) async throws {
    let clock = ScenarioClock()
    let racing = try await clock.serve()
    defer { Task { await racing.stop() } }
    let receiver = WebhookReceiver()
    let webhook = try await receiver.serve()
    defer { Task { await webhook.stop() } }
    try await body(
        clock, receiver, webhook.baseURL.absoluteString + "/folio", ["FOLIO_NEDS_URL": racing.baseURL.absoluteString])
}
