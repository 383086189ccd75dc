import Foundation
import Money

/// A listed stock's price at one moment, as any market data source reports it.
public struct StockQuote: Codable, Sendable, Equatable {
    /// Ticker, upper case (`AAPL`).
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector, for allocation reports.
    public var sector: String
    /// Last price, in ``currencyCode``.
    public var price: Amount
    /// The previous session's closing price, when the source knows it.
    public var previousClose: Amount?
    /// The currency the symbol is priced in (ISO 4217); nil for US dollars (quotes stored before quotes had one).
    public var currency: String?

    /// Creates a quote.
    public init(
        symbol: String, name: String, sector: String, price: Amount, previousClose: Amount?, currency: String? = nil
    ) {
        self.symbol = symbol
        self.name = name
        self.sector = sector
        self.price = price
        self.previousClose = previousClose
        self.currency = currency == "USD" ? nil : currency
    }

    /// The currency of ``price``: ``currency``, else `USD`.
    public var currencyCode: String { currency ?? "USD" }

    /// Daily change: `price − previousClose` (nil without a previous close, or beyond the amount range).
    public var change: Amount? { previousClose.flatMap { try? price - $0 } }

    /// Daily change as a fraction of the previous close: `(price − previousClose) / previousClose`, rounded
    /// half up to `places`.
    public func changeFraction(places: Int = Amount.places) -> Amount? {
        guard let previousClose, !previousClose.isZero, let change else { return nil }
        return try? change.divided(by: previousClose, places: places, rounding: .halfUp)
    }
}

/// A quote together with when it was obtained and whether it is still current.
public struct MarketQuote: Sendable, Equatable {
    /// The quote.
    public var quote: StockQuote
    /// When the source reported it.
    public var asOf: Date
    /// Whether it is a last known price kept because the source failed or no longer lists it.
    public var isStale: Bool

    /// Creates a market quote.
    public init(quote: StockQuote, asOf: Date, isStale: Bool) {
        self.quote = quote
        self.asOf = asOf
        self.isStale = isStale
    }
}

/// Every quote known at one moment, and how trustworthy the set is.
public struct QuoteSet: Sendable {
    /// Quotes by symbol.
    public var quotes: [String: MarketQuote]
    /// Where the prices come from (`the simulated market`, a URL), for messages.
    public var source: String
    /// When the newest quotes were obtained.
    public var asOf: Date
    /// Whether the set is served from the last known prices rather than a fresh fetch that succeeded.
    public var isStale: Bool
    /// Why the source could not be used, when the set is stale because of a failure.
    public var failure: String?

    /// Creates a set.
    public init(quotes: [String: MarketQuote], source: String, asOf: Date, isStale: Bool, failure: String? = nil) {
        self.quotes = quotes
        self.source = source
        self.asOf = asOf
        self.isStale = isStale
        self.failure = failure
    }

    /// The listed symbols in alphabetical order.
    public var symbols: [String] { quotes.keys.sorted() }

    /// The quote for `symbol` (any case).
    public func quote(for symbol: String) -> MarketQuote? { quotes[symbol.uppercased()] }

    /// The quote for `symbol`, or the refusal that names the listed symbols.
    /// - Throws: ``StockTradingError/unknownSymbol(_:known:)``.
    public func require(_ symbol: String) throws -> MarketQuote {
        guard let quote = quote(for: symbol) else {
            throw StockTradingError.unknownSymbol(symbol.uppercased(), known: symbols)
        }
        return quote
    }

    /// Last prices by symbol, for valuing positions.
    public var prices: [String: Amount] { quotes.mapValues(\.quote.price) }
}
