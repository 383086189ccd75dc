import Foundation
import MarketData
import Money
import Persistence
import PersistenceSQLite
import StockTrading
import Timing

extension Benchmarks {
    /// Stock trades through the library, each its own store transaction on one SQLite file as `folio stocks
    /// buy`/`sell` do: alternating buys of 3 and sells of 2 across the simulated market's stocks for a scratch
    /// account. `FOLIO_BENCH_TRADES` sets the count (default 10,000).
    static func tradeThroughput() async throws {
        let count = ProcessInfo.processInfo.environment["FOLIO_BENCH_TRADES"].flatMap(Int.init) ?? 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase(fileURL: directory.appendingPathComponent("folio.sqlite"))
        let store = database.store(namespace: "stocks")
        let timing = Timing.live
        let book = QuoteBook(store: store, source: SimulatedMarket(store: store, timing: timing), timing: timing)
        let quotes = try await book.quotes()
        let brokerage = Brokerage(store: store, timing: timing, userID: "bench")
        _ = try await brokerage.deposit(1_000_000_000)
        let symbols = quotes.symbols
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            let symbol = symbols[(index / 2) % symbols.count]
            if index % 2 == 0 {
                _ = try await brokerage.buy(symbol, quantity: 3, quotes: quotes)
            } else {
                _ = try await brokerage.sell(symbol, quantity: 2, quotes: quotes)
            }
        }
        let elapsed = seconds(start.duration(to: clock.now))
        print(
            String(
                format: "trades: %d stock trades through the library (SQLite, one transaction each) in %.3f s (%.0f trades/s)",
                count, elapsed, Double(count) / max(elapsed, 1e-9)))
    }
}
