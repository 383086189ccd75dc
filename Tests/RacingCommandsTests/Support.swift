import Foundation
import Networking
import NetworkingTesting
import Persistence
import Synchronization

/// The fixture captured at 2026-01-15T00:59:53Z; its races start 113 s before to 1087 s after that.
let capturedFixture = "neds/nextraces_j-_payload-1768438793569.json"
/// When `capturedFixture` was recorded.
let capturedAt = Date(timeIntervalSince1970: 1_768_438_793)

/// A fixture with every `advertised_start.seconds` moved by `seconds`.
func shiftedFixture(_ path: String, by seconds: Int) throws -> Data {
    var root = try JSONSerialization.jsonObject(with: try Fixtures.data(path)) as! [String: Any]
    var data = root["data"] as! [String: Any]
    var summaries = data["race_summaries"] as! [String: Any]
    for (id, value) in summaries {
        var summary = value as! [String: Any]
        var start = summary["advertised_start"] as! [String: Any]
        start["seconds"] = (start["seconds"] as! Int) + seconds
        summary["advertised_start"] = start
        summaries[id] = summary
    }
    data["race_summaries"] = summaries
    root["data"] = data
    return try JSONSerialization.data(withJSONObject: root)
}

/// The fixture with its times moved so that it reads as if captured at `now`.
func fixture(capturedAt now: Date) throws -> Data {
    try shiftedFixture(capturedFixture, by: Int(now.timeIntervalSince1970) - Int(capturedAt.timeIntervalSince1970))
}

/// An in-process HTTP client answering every request from a script of responses (the last one repeats).
final class ScriptedHTTP: HTTPClient {
    private let script: Mutex<[@Sendable (HTTPRequest) throws -> HTTPResponse]>
    private let seen = Mutex<[HTTPRequest]>([])

    init(_ steps: [@Sendable (HTTPRequest) throws -> HTTPResponse]) { script = Mutex(steps) }

    /// Answers every request with `body`.
    static func body(_ body: Data, status: Int = 200) -> ScriptedHTTP {
        ScriptedHTTP([{ request in HTTPResponse(status: status, body: body, url: request.url) }])
    }

    var requests: [HTTPRequest] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        seen.withLock { $0.append(request) }
        let step = script.withLock { steps in steps.count > 1 ? steps.removeFirst() : steps[0] }
        return try step(request)
    }
}

extension HTTPRequest {
    /// The `count` query value.
    var count: Int? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "count" }?.value
            .flatMap(Int.init)
    }
}
