import AlertRules
import Alerting
import Failures
import Foundation
import Hummingbird
import Timing

/// `/alerts/events`: each firing of this server as an `alert` event (`{title, body, link, kind, firedAt}`),
/// after `?after=N` (the last number the tab saw, so a page loaded between two firings misses none), else those
/// of the last minute and then each new one, one a tick.
struct AlertEvents {
    /// The server's environment, scoped to this feature.
    let environment: WebEnvironment

    /// How old a firing a tab that has seen none is still shown: an alert added on a page fires within a second
    /// or two, often before the page it leads to has connected, and must show there at once.
    static let recentWindow: TimeInterval = 60

    func response(_ request: Request) async -> Response {
        guard let feed = environment.alerts?.feed else {
            return WebResponses.problem(FolioError(.unavailable, "alerts are not kept by this server"))
        }
        let latest = await feed.latest
        let since = environment.timing.now().addingTimeInterval(-Self.recentWindow)
        let recent = await feed.recent().prefix { $0.firedAt >= since }.count
        let asked = request.uri.queryParameters.get("after").flatMap { Int($0) } ?? (latest - recent)
        // A number from before a restart may be ahead of this server's feed: start from now then.
        let cursor = FeedCursor(feed: feed, seen: asked > latest ? latest : max(asked, 0))
        return ServerSentEvents.response(ticker: environment.ticker, every: 1) {
            await cursor.next().map { ServerSentEvent(name: "alert", data: Self.encoded($0)) }
        }
    }

    /// One connection's place in the feed.
    actor FeedCursor {
        private let feed: AlertFeed
        private var seen: Int

        init(feed: AlertFeed, seen: Int) {
            self.feed = feed
            self.seen = seen
        }

        /// The next firing this connection has not been sent, if any.
        func next() async -> AlertFeed.Entry? {
            guard let entry = await feed.first(after: seen) else { return nil }
            seen = entry.sequence
            return entry
        }
    }

    /// What the banner shows, with the entry's number for `?after=`.
    struct Event: Encodable {
        var sequence: Int
        var title: String
        var body: String
        var link: String?
        var kind: String
        var firedAt: Date
    }

    static func encoded(_ entry: AlertFeed.Entry) -> String {
        let firing = entry.firing
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let event = Event(
            sequence: entry.sequence, title: firing.title, body: firing.body, link: firing.link, kind: firing.kind,
            firedAt: firing.firedAt)
        return (try? String(decoding: encoder.encode(event), as: UTF8.self)) ?? "{}"
    }
}
