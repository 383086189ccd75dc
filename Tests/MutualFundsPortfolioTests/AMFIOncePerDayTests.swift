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

/// Issue 39, item 5: AMFI's file is parsed once per NAV day. Until a newer file can have been published (18:00 in
/// India the day after the stored file's NAV date) it is not asked for; after that, a file that comes back the
/// same is not parsed or stored again — only its freshness is renewed.
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

    /// 18-Aug-2026 22:00 in India: the day's file is out.
    static let evening = Date(timeIntervalSince1970: 1_787_070_600)

    @Test("the next morning the stored file is the newest there is: no request, though the 30-minute TTL is past")
    func notAskedBeforeTheNextFile() async throws {
        let setup = try Setup(now: Self.evening)
        let first = try await setup.service.amfiNAVs()
        #expect(first.value.date == CalendarDate(year: 2026, month: 8, day: 18) && setup.counter.value == 1)
        setup.wall.advance(by: 12 * 3600)  // 10:00 the next day
        let morning = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 1 && !morning.freshness.stale)
        #expect(
            AMFICache.nextFile(after: CalendarDate(year: 2026, month: 8, day: 18))
                == Date(timeIntervalSince1970: 1_787_142_600))
    }

    @Test("asked again after that, the same file is not parsed or stored again; its freshness is renewed")
    func sameFileNotParsedAgain() async throws {
        let setup = try Setup(now: Self.evening)
        _ = try await setup.service.amfiNAVs()
        let stored = try #require(try await setup.storedAt())
        setup.wall.advance(by: 24 * 3600)  // 22:00 the next day: a newer file could be out
        let again = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 2 && !again.freshness.stale && !again.freshness.fromCache)
        #expect(again.value.date == CalendarDate(year: 2026, month: 8, day: 18) && again.value.count > 14_000)
        #expect(try await setup.storedAt() == stored, "the 14,000 records were not written again")
        let entry = try #require(try await setup.service.amfiEntries(codes: [122639], isins: []).byCode[122639])
        #expect(entry.nav.plainText == "90.4982")
        // Within the renewed freshness, no request.
        _ = try await setup.service.amfiNAVs()
        #expect(setup.counter.value == 2)
    }
}
