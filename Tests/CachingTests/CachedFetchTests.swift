import Caching
import Failures
import Foundation
import Networking
import Persistence
import Synchronization
import Testing
import Timing
import TimingTesting

@Suite struct CachedFetchTests {
    let url = URL(string: "http://127.0.0.1:1/mf")!
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    private func setUp() -> (CachedFetch, PinnedWallClock, Loads) {
        let wall = PinnedWallClock(start)
        let timing = Timing(clock: ManualClock(), wallClock: wall)
        let store = InMemoryDatabase(now: { wall.now() }).store(namespace: "funds")
        return (CachedFetch(store: store, timing: timing, fallsBack: NetworkError.isTransient), wall, Loads())
    }

    @Test func aFreshCacheMakesNoRequest() async throws {
        let (fetch, wall, loads) = setUp()
        let first = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(3600), mode: .normal, source: "list"
        ) {
            loads.record(["a"])
        }
        #expect(first.fromCache == false && first.isStale == false)
        wall.advance(by: 3599)
        let second = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(3600), mode: .normal, source: "list"
        ) {
            loads.record(["b"])
        }
        #expect(second.value == ["a"])
        #expect(second.fromCache && !second.isStale)
        #expect(second.asOf == start)
        #expect(loads.count == 1)
    }

    @Test("a page's fetch reuses what it decoded only while the stored bytes are the same")
    func pagesReuseDecodedValuesOnlyForUnchangedBytes() async throws {
        let wall = PinnedWallClock(start)
        let timing = Timing(clock: ManualClock(), wallClock: wall)
        let store = InMemoryDatabase(now: { wall.now() }).store(namespace: "races")
        let decoded = DecodedRecords()
        let page = PagePolicy(deadline: .seconds(3), memory: FailureMemory(duration: .seconds(30)), decoded: decoded)
        let fetch = CachedFetch(store: store, timing: timing, fallsBack: NetworkError.isTransient, page: page)
        let read = {
            try await fetch.value([String].self, key: "board", ttl: .seconds(60), mode: .normal, source: "board") {
                ["fetched"]
            }
        }
        #expect(try await read().value == ["fetched"])
        #expect(try await read().value == ["fetched"])
        #expect(decoded.count == 1)
        // Another process replaces the record: the next read shows it, not the value decoded before.
        try await store.put("board", ["written elsewhere"], expiresAt: start.addingTimeInterval(60))
        let after = try await read()
        #expect(after.value == ["written elsewhere"] && after.fromCache)
    }

    @Test func anExpiredCacheIsRefetched() async throws {
        let (fetch, wall, loads) = setUp()
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        wall.advance(by: 60)
        let refreshed = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list"
        ) {
            loads.record(["b"])
        }
        #expect(refreshed.value == ["b"] && !refreshed.fromCache)
        #expect(refreshed.asOf == start.addingTimeInterval(60))
    }

    @Test func staleIfErrorServesTheOldCopyMarkedStale() async throws {
        let (fetch, wall, loads) = setUp()
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        wall.advance(by: 600)
        let url = self.url
        let served = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "the list"
        ) {
            throw NetworkError.connectionFailed(url: url, reason: "refused")
        }
        #expect(served.value == ["a"])
        #expect(served.isStale && served.fromCache)
        #expect(served.asOf == start)
        #expect(served.failure?.kind == .unavailable)
    }

    @Test func nothingCachedAndServiceDownIsUnavailable() async throws {
        let (fetch, _, _) = setUp()
        let url = self.url
        let error = await #expect(throws: FolioError.self) {
            try await fetch.value(
                [String].self, key: "list", ttl: .seconds(60), mode: .normal, source: url.absoluteString
            ) {
                throw NetworkError.timedOut(url: url, after: .seconds(10))
            }
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.exitCode == 69)
        #expect(error?.description.contains(url.absoluteString) == true)
    }

    @Test func aNonTransientFailureIsNotMaskedByTheCache() async throws {
        let (fetch, wall, loads) = setUp()
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        wall.advance(by: 600)
        let url = self.url
        await #expect(throws: NetworkError.self) {
            try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list") {
                throw NetworkError.decoding(url: url, path: "[0]", reason: "bad")
            }
        }
    }

    @Test func offlineUsesOnlyTheCacheEvenWhenExpired() async throws {
        let (fetch, wall, loads) = setUp()
        let missing = await #expect(throws: FolioError.self) {
            try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .offline, source: "list") {
                loads.record(["x"])
            }
        }
        #expect(missing?.exitCode == 69)
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(60), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        wall.advance(by: 6000)
        let offline = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(60), mode: .offline, source: "list"
        ) {
            loads.record(["never"])
        }
        #expect(offline.value == ["a"] && offline.isStale)
        #expect(loads.count == 1)
    }

    @Test func refreshBypassesFreshness() async throws {
        let (fetch, _, loads) = setUp()
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(3600), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        let refreshed = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(3600), mode: .refresh, source: "list"
        ) {
            loads.record(["b"])
        }
        #expect(refreshed.value == ["b"])
        #expect(loads.count == 2)
    }

    @Test func refreshFallsBackToTheStoredCopyWhenTheServiceFails() async throws {
        let (fetch, wall, loads) = setUp()
        _ = try await fetch.value([String].self, key: "list", ttl: .seconds(3600), mode: .normal, source: "list") {
            loads.record(["a"])
        }
        wall.advance(by: 30)
        let url = self.url
        let served = try await fetch.value(
            [String].self, key: "list", ttl: .seconds(3600), mode: .refresh, source: "the list"
        ) {
            throw NetworkError.connectionFailed(url: url, reason: "refused")
        }
        #expect(served.value == ["a"])
        #expect(served.isStale && served.fromCache)
        #expect(served.asOf == start)
        #expect(served.failure?.description.contains("could not reach the list") == true)
        let (empty, _, _) = setUp()
        let nothing = await #expect(throws: FolioError.self) {
            try await empty.value([String].self, key: "list", ttl: .seconds(60), mode: .refresh, source: "the list") {
                throw NetworkError.connectionFailed(url: url, reason: "refused")
            }
        }
        #expect(nothing?.exitCode == 69)
    }
}

final class Loads: Sendable {
    private let calls = Mutex(0)
    func record(_ value: [String]) -> [String] {
        calls.withLock { $0 += 1 }
        return value
    }
    var count: Int { calls.withLock { $0 } }
}
