import Foundation
import MarketData
import MarketDataTesting
import Money
import Persistence
import Synchronization
import Timing
import TimingTesting

/// A manual clock, a pinned wall clock (Tuesday 14 November 2023, 22:13 UTC) and a store stamped by it.
struct World {
    let clock = ManualClock()
    let wall = PinnedWallClock(Date(timeIntervalSince1970: 1_700_000_000))
    let store: any KeyValueStore

    init() {
        let wall = self.wall
        store = InMemoryDatabase(now: { wall.now() }).store(namespace: "market")
    }

    var timing: Timing { Timing(clock: clock, wallClock: wall) }

    func service(_ providers: [any MarketDataProvider], ttl: Duration = .seconds(60)) -> MarketDataService {
        MarketDataService(providers: providers, store: store, timing: timing, quoteTTL: ttl)
    }
}

extension Amount {
    /// An amount from its text, for readable expectations.
    static func of(_ text: String) -> Amount { Amount(text)! }
}

/// Counts answers handed out, so a scripted provider can answer differently each time.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
}

/// The market-data refusal `body` throws (nil when it throws nothing).
func refusal(_ body: () async throws -> some Any) async throws -> MarketDataError? {
    do {
        _ = try await body()
        return nil
    } catch let error as MarketDataError {
        return error
    }
}
