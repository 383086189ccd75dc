import ArgumentParser
import MarketData
import StockTrading

/// Values shell completion offers for the feature's arguments.
enum Completions {
    /// The simulated market's symbols (an HTTP quotes source may list others; any symbol is accepted).
    static var symbols: CompletionKind { .list(BundledStocks.all.map(\.symbol)) }
}
