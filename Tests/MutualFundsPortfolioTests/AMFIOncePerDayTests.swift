import Foundation
import Money
import MutualFunds
import Networking
import NetworkingTesting
import Persistence
import Synchronization
import Testing
import Timing
import TimingTesting

/// Issue 39, item 5: AMFI's file is parsed once per NAV day. Fetched complete (after its NAV day's midnight in
/// India), it is not asked for until a newer file can have been published (18:00 in India the next day); a file that
/// comes back the same is not parsed or stored again — only its freshness is renewed.
@Suite("AMFI's file: parsed once per NAV day")
struct AMFIOncePerDayTests {
    /// The recorded NAVAll.txt of 18-Aug-2026, counting requests, the clock moved by the test.
    final class Setup: Sendable {
        let counter = Counter()
        let wall: PinnedWallClock
        let store: any KeyValueStore
        let body: Data

        init(now: Date) throws {
            let wall = PinnedWallClock(now)
            self.wall = wall
            store = InMemoryDatabase(now: { wall.now() }).store(namespace: "funds")
            body = try Fixtures.data("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt")
        }

        var service: FundsService {
            let body = body
            let counter = counter
            return FundsService(
                http: StubHTTPClient { request in
                    counter.add()
                    return HTTPResponse(status: 200, body: body, url: request.url)
                },
                store: store, timing: Timing(clock: ManualClock(), wallClock: wall),
                settings: FundsSettings(baseURL: URL(string: "http://mfapi.test")!))
        }

        /// When scheme 122639's stored record was written.
        func storedAt() async throws -> Date? {
            try await store.read { try $0.get(AMFICache.key(code: 122639))?.storedAt }
        }
    }

    /// Requests made.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// 18-Aug-2026 22:00 in India: the day's file may still be filling.
    static let evening = Date(timeIntervalSince1970: 1_787_070_600)
    /// 19-Aug-2026 00:30 in India: the 18th's file is complete.
    static let afterMidnight = Date(timeIntervalSince1970: 1_787_079_600)

    @Test("fetched complete, the file is the newest there is until 18:00 the next day: no request, TTL or not")
    func notAskedBeforeTheNextFile() async throws {
        let setup = try Setup(now: Self.afterMidnight)
        let first = try await setup.service.amfiNAVs()
        #expect(first.value.date == CalendarDate(year: 2026, month: 8, day: 18) && setup.counter.value == 1)
        setup.wall.advance(by: 9.5 * 3600)  // 10:00 the same day, the 30-minute TTL long past
        let morning = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 1 && !morning.freshness.stale)
        let date = CalendarDate(year: 2026, month: 8, day: 18)
        #expect(
            AMFICache.nextFile(after: date, fetchedAt: Self.afterMidnight) == Date(timeIntervalSince1970: 1_787_142_600)
        )
        // Fetched on its own NAV day it may still be filling: the TTL decides.
        #expect(AMFICache.nextFile(after: date, fetchedAt: Self.evening) == .distantPast)
    }

    @Test("asked again (the TTL past, on the NAV day itself), the same file is not parsed or stored again; renewed")
    func sameFileNotParsedAgain() async throws {
        let setup = try Setup(now: Self.evening)
        _ = try await setup.service.amfiNAVs()
        let stored = try #require(try await setup.storedAt())
        setup.wall.advance(by: 3600)  // 23:00: past the 30-minute TTL, and the day's file might have grown
        let again = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 2 && !again.freshness.stale && !again.freshness.fromCache)
        #expect(again.value.date == CalendarDate(year: 2026, month: 8, day: 18) && again.value.count > 14_000)
        #expect(try await setup.storedAt() == stored, "the 14,000 records were not written again")
        let entry = try #require(try await setup.service.amfiEntries(codes: [122639], isins: []).byCode[122639])
        #expect(entry.nav.plainText == "90.4982")
        // Fetched after midnight now, the file is complete: no request until 18:00.
        setup.wall.advance(by: 2 * 3600)
        _ = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 3)
        setup.wall.advance(by: 8 * 3600)
        _ = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 3)
    }
}
