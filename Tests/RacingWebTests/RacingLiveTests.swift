import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import NetworkingTesting
import Synchronization
import Testing
import Timing
import TimingTesting

@testable import RacingWeb

/// Issue 25, item 22: the live board stream sends the board on connect, ids and a retry delay, resumes from
/// `Last-Event-ID`, and announces only what changed.
@Suite("/races/events")
struct RacingLiveTests {
    @Test("the first board goes out on connect, with an id and a retry delay, before any tick")
    func boardOnConnect() async throws {
        let setup = try Setup.fixture()
        let services = try RacingPageServices(setup.environment())
        let board = try BoardQuery(count: nil).request()
        let response = await BoardStream.response(ticker: Ticker(clock: setup.clock), every: 30, lastEventID: nil) {
            _ in
            try? await services.nextRaces(board)
        }
        let written = Written()
        let task = Task { try await response.body.write(CollectingWriter(written: written)) }
        #expect(await yieldUntil { written.text.contains("\n\n") }, "an event without waiting for the ticker")
        task.cancel()
        let text = written.text
        #expect(text.hasPrefix("id: "), "\(text)")
        #expect(text.contains("\nretry: 5000\nevent: board\ndata: {"))
        #expect(text.contains("Race 6 at Shepparton"))
        #expect(setup.clock.now.offset == .zero, "no time passed")
    }

    @Test("a browser that resumes with the id of the board it shows is not sent it again; another id is")
    func resumes() async throws {
        let setup = try Setup.fixture()
        let first = try await RacingPageServices(setup.environment()).nextRaces(BoardQuery(count: nil).request())
        var fresh = BoardFeed(lastEventID: nil)
        let event = fresh.event(for: first)
        let sent = try #require(event)
        var resumed = BoardFeed(lastEventID: sent.id)
        #expect(resumed.event(for: first) == nil)
        var outdated = BoardFeed(lastEventID: "0")
        #expect(outdated.event(for: first)?.id == sent.id)
    }

    @Test("an unchanged board sends nothing; a changed one says what changed, not that something was updated")
    func announcesChanges() async throws {
        let setup = try Setup.fixture()
        let services = try RacingPageServices(setup.environment())
        let board = try BoardQuery(count: nil).request()
        var feed = BoardFeed(lastEventID: nil)
        let firstReport = try await services.nextRaces(board)
        let firstEvent = feed.event(for: firstReport)
        let first = try #require(firstEvent)
        #expect(try announcement(first) == "", "the page already shows the first board")
        let sameReport = try await services.nextRaces(board)
        #expect(feed.event(for: sameReport) == nil, "same races, same starts: no event")
        // 68 s on, the Shepparton race is past start + 60 s: it leaves (the page already said so) and the next joins.
        setup.wall.advance(by: 68)
        let laterReport = try await services.nextRaces(board)
        let laterEvent = feed.event(for: laterReport)
        let next = try #require(laterEvent)
        #expect(next.id != first.id)
        #expect(try announcement(next) == "Race 1 at Mount Gambier joined the board.")
        #expect(next.encoded.hasPrefix("id: \(next.id ?? "")\nretry: 5000\nevent: board\n"), "id and retry come first")
    }

    private func announcement(_ event: ServerSentEvent) throws -> String {
        try JSONDecoder().decode(BoardUpdate.self, from: Data(event.data.utf8)).announce
    }
}

/// What a response body wrote.
final class Written: Sendable {
    private let buffer = Mutex("")
    var text: String { buffer.withLock { $0 } }
    func append(_ text: String) { buffer.withLock { $0 += text } }
}

/// A body writer that keeps what it is given.
struct CollectingWriter: ResponseBodyWriter {
    let written: Written

    mutating func write(_ buffer: ByteBuffer) async throws { written.append(String(buffer: buffer)) }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
