import Foundation
import Networking
import NetworkingTesting
import Synchronization

/// The racing service as a test needs it: answering with the fixture, or — switched to silent — taking every
/// request and never answering (until the request is cancelled), counting what it was asked.
final class Upstream: HTTPClient, Sendable {
    private let silent = Mutex(false)
    private let counts = Mutex((answered: 0, unanswered: 0))
    private let body: Data

    init(body: Data) { self.body = body }

    /// Stops answering from now on.
    func goSilent() { silent.withLock { $0 = true } }

    /// Requests taken since going silent.
    var unanswered: Int { counts.withLock { $0.unanswered } }
    /// Requests answered with the fixture.
    var answered: Int { counts.withLock { $0.answered } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard silent.withLock({ $0 }) else {
            counts.withLock { $0.answered += 1 }
            return HTTPResponse(status: 200, body: body, url: request.url)
        }
        counts.withLock { $0.unanswered += 1 }
        // Never answers: suspends until the caller gives up and cancels, as a stalled connection does.
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
        throw CancellationError()
    }
}
