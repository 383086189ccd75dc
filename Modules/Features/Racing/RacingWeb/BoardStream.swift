import FeatureWeb
import Foundation
import Hummingbird
import Racing
import Synchronization
import Timing

/// `/races/events`: the board as server-sent events on the shared ticker, sent on connect and then whenever it
/// changes, each event with an `id:` (the board's content, so a reconnecting browser that sends it back as
/// `Last-Event-ID` is not sent a board it already shows) and a `retry:` delay (``BoardFeed``), written by the shared
/// ``ServerSentEvents`` stream (ticks, keep-alives, graceful shutdown).
enum BoardStream {
    /// The streaming response; `fetch` is asked for the board on connect (`connecting` true) and every `every`
    /// ticks (nil when the service failed: the browser keeps what it shows).
    static func response(
        ticker: Ticker, every: Int, lastEventID: String?,
        fetch: @escaping @Sendable (_ connecting: Bool) async -> NextRacesReport?
    ) async -> Response {
        let connection = Connection(BoardFeed(lastEventID: lastEventID))
        @Sendable func next(connecting: Bool) async -> ServerSentEvent? {
            guard let report = await fetch(connecting) else { return nil }
            return connection.feed.withLock { $0.event(for: report) }
        }
        return ServerSentEvents.response(
            ticker: ticker, every: every, initial: await next(connecting: true),
            produce: { await next(connecting: false) })
    }
}

/// One connection's feed, shared by the stream's first event and its later ones.
private final class Connection: Sendable {
    let feed: Mutex<BoardFeed>

    init(_ feed: BoardFeed) { self.feed = Mutex(feed) }
}
