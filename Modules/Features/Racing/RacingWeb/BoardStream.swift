import FeatureWeb
import Foundation
import Hummingbird
import Racing
import Synchronization
import Timing

/// `/races/events`: the board as server-sent events on the shared ticker, sent on connect and then whenever it
/// changes, each event with an `id:` (the board's content, so a reconnecting browser that sends it back as
/// `Last-Event-ID` is not sent a board it already shows) and a `retry:` delay.
///
/// The shared ``ServerSentEvents`` stream (ticks, keep-alives, graceful shutdown) writes no ids; this wraps its
/// writer to put the id and the retry delay in front of each event it writes.
enum BoardStream {
    /// The streaming response; `fetch` is asked for the board on connect (`connecting` true) and every `every`
    /// ticks (nil when the service failed: the browser keeps what it shows).
    static func response(
        ticker: Ticker, every: Int, lastEventID: String?,
        fetch: @escaping @Sendable (_ connecting: Bool) async -> NextRacesReport?
    ) async -> Response {
        let state = StreamState(BoardFeed(lastEventID: lastEventID))
        @Sendable func next(connecting: Bool) async -> ServerSentEvent? {
            guard let report = await fetch(connecting), let update = state.feed.withLock({ $0.event(for: report) }) else {
                return nil
            }
            state.pendingID.withLock { $0 = update.id }
            return update.event
        }
        let inner = ServerSentEvents.response(
            ticker: ticker, every: every, initial: await next(connecting: true), produce: { await next(connecting: false) })
        var response = inner
        response.body = ResponseBody { writer in
            let identified = IdentifiedEventWriter(base: writer, state: state)
            try await inner.body.write(identified)
        }
        return response
    }
}

/// One connection's feed, and the id of the event being written.
private final class StreamState: Sendable {
    let feed: Mutex<BoardFeed>
    let pendingID = Mutex<String?>(nil)

    init(_ feed: BoardFeed) { self.feed = Mutex(feed) }
}

/// Puts `id:` and `retry:` in front of each event (`event:` …) the shared stream writes; keep-alive comments pass
/// as they are.
private struct IdentifiedEventWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let state: StreamState

    mutating func write(_ buffer: ByteBuffer) async throws {
        if buffer.readableBytesView.starts(with: "event:".utf8), let id = state.pendingID.withLock({ $0 }) {
            try await base.write(ByteBuffer(string: "id: \(id)\nretry: \(BoardFeed.retryMilliseconds)\n"))
        }
        try await base.write(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await base.finish(trailingHeaders)
    }
}
