import ArgumentParser
import FeatureKit
import Foundation
import Persistence
import StockTrading

/// A hidden diagnostic for `Tooling/bench/stocks.sh`: times N trades through the library (each its own
/// store transaction, as `buy`/`sell` do) for a scratch user in this folio home's store, then deletes
/// that user's records.
struct TradeBenchmarkCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-trades",
        abstract: "Time trades through the library (diagnostic).",
        discussion: """
            Alternates buys and sells of the market's stocks for a scratch account and prints the elapsed time \
            and trades per second. Meant for benchmarks; use a throwaway FOLIO_HOME.

            Examples:
              folio stocks bench-trades --count 10000
              FOLIO_HOME=$(mktemp -d) folio stocks bench-trades --count 1000 --format json
            """,
        shouldDisplay: false)

    @Option(help: "How many trades.")
    var count: Int = 10_000

    @OptionGroup var formatting: FormatOptions

    struct Result: Encodable {
        var trades: Int
        var seconds: Double
        var tradesPerSecond: Double
    }

    func validate() throws {
        guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be from 1 to 1,000,000") }
    }

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let quotes = try await environment.quotes()
        let userID = "bench-\(UUID().uuidString.lowercased())"
        let brokerage = Brokerage(store: context.store, timing: context.timing, userID: userID)
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
        let elapsed = clock.now - start
        _ = try await context.store.write { try $0.delete(KeyRange.prefix("u/\(userID)/")) }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let result = Result(trades: count, seconds: seconds, tradesPerSecond: Double(count) / max(seconds, 1e-9))
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(result), to: context.terminal)
        case .csv: try formatting.emitExact(try CSVOutput.rows([result], columns: ["trades", "seconds", "tradesPerSecond"]), to: context.terminal)
        case .table:
            try formatting.emit(
                String(format: "%d trades in %.3f s (%.0f trades/s)", count, seconds, result.tradesPerSecond), to: context.terminal)
        }
    }
}
