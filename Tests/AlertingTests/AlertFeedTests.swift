import AlertRules
import Alerting
import Foundation
import Testing

@Suite("The feed of firings the served pages stream")
struct AlertFeedTests {
    static func firing(_ number: Int) -> Firing {
        Firing(
            key: "uid-\(number)", alertID: 1, kind: "networth", title: "Net worth \(number)", body: "body", link: nil,
            firedAt: Date(timeIntervalSince1970: Double(number)))
    }

    @Test("numbers each firing, hands a reader the next one after the number it saw, and keeps only the newest")
    func numbersAndBounds() async {
        let feed = AlertFeed(capacity: 2)
        #expect(await feed.latest == 0)
        #expect(await feed.first(after: 0) == nil)
        await feed.publish([Self.firing(1), Self.firing(2), Self.firing(3)])
        #expect(await feed.latest == 3)
        #expect(await feed.first(after: 0)?.sequence == 2, "the oldest was dropped past the capacity")
        #expect(await feed.first(after: 2)?.firing == Self.firing(3))
        #expect(await feed.first(after: 3) == nil)
        #expect(await feed.recent().map(\.key) == ["uid-3", "uid-2"], "newest first")
    }
}
