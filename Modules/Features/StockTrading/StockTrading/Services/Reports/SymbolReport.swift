import Foundation
import MarketData
import Money
import Timing

/// How far back a symbol's chart reaches.
public enum ChartRange: String, Sendable, CaseIterable, Codable {
    case oneMonth = "1m"
    case sixMonths = "6m"
    case oneYear = "1y"
    case fiveYears = "5y"
    case max

    /// The first day the range covers, counted back from `today` (`max`: the start of the providers' data).
    public func start(before today: CalendarDate) -> CalendarDate {
        switch self {
        case .oneMonth: today.adding(days: -31)
        case .sixMonths: today.adding(days: -183)
        case .oneYear: today.adding(days: -366)
        case .fiveYears: today.adding(days: -1827)
        case .max: CalendarDate(year: 1970, month: 1, day: 2)!
        }
    }
}

/// One symbol as `stocks chart` and `/stocks/symbol/{SYMBOL}` show it: its quote and day change, daily closes
/// over a range, its dividends and splits, and what the account holds of it.
public struct SymbolReport: Encodable, Sendable, Equatable {
    /// One day's close.
    public struct Close: Codable, Sendable, Equatable {
        /// The trading day, at the exchange.
        public var date: CalendarDate
        /// The close (adjusted for later splits).
        public var close: Amount
    }

    /// What the account holds of the symbol.
    public struct Position: Codable, Sendable, Equatable {
        /// Shares held.
        public var quantity: Int
        /// Cost per share.
        public var averageCost: Amount
        /// Shares × price.
        public var value: Amount
        /// Value − cost basis.
        public var unrealizedPL: Amount
    }

    /// Ticker.
    public var symbol: String
    /// The instrument's name, when the provider gives one.
    @NullEncodable public var name: String?
    /// ISO 4217 code of the prices.
    public var currency: String
    /// The exchange, when known.
    @NullEncodable public var exchange: String?
    /// The latest price.
    public var price: Amount
    /// The previous close, when known.
    @NullEncodable public var previousClose: Amount?
    /// Price − previous close.
    @NullEncodable public var dayChange: Amount?
    /// Day change / previous close, 8 places.
    @NullEncodable public var dayChangeFraction: Amount?
    /// When the price was fetched.
    public var priceAsOf: Date
    /// Whether the price is a last known one.
    public var stale: Bool
    /// Who answered.
    public var provider: String
    /// The chart's range (`1m`, `6m`, `1y`, `5y`, `max`).
    public var range: String
    /// Daily closes in date order.
    public var closes: [Close]
    /// Dividends in the range.
    public var dividends: [Dividend]
    /// Splits in the range.
    public var splits: [Split]
    /// The account's position, when it holds the symbol.
    @NullEncodable public var position: Position?

    /// The close's change over the range as a fraction of its first close, 8 places.
    public var rangeChangeFraction: Amount? {
        guard let first = closes.first?.close, let last = closes.last?.close, first.isPositive else { return nil }
        return try? (last - first).divided(by: first, places: 8, rounding: .halfUp)
    }

    init(
        reading: QuoteReading, history: HistoryReading, range: ChartRange, position: Position?
    ) {
        let quote = reading.quote
        symbol = quote.symbol
        name = quote.name
        currency = quote.currency
        exchange = quote.exchange
        price = quote.price
        previousClose = quote.previousClose
        dayChange = quote.previousClose.flatMap { try? quote.price - $0 }
        dayChangeFraction = quote.previousClose.flatMap { previous in
            guard previous.isPositive, let change = try? quote.price - previous else { return nil }
            return try? change.divided(by: previous, places: 8, rounding: .halfUp)
        }
        priceAsOf = reading.fetchedAt
        stale = reading.isStale
        provider = reading.provider
        self.range = range.rawValue
        closes = history.history.bars.map { Close(date: $0.date, close: $0.close) }
        dividends = history.history.dividends
        splits = history.history.splits
        self.position = position
    }
}
