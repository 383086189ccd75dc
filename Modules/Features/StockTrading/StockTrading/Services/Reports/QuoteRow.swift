import Foundation
import Money

/// One quote as `quotes` and `watchlist list` report it.
public struct QuoteRow: Codable, Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Company name.
    public var name: String
    /// Sector.
    public var sector: String
    /// Last price, in ``currency``.
    public var price: Amount
    /// The symbol's own currency (ISO 4217).
    public var currency: String
    /// The previous close, when the source gives one.
    @NullEncodable public var previousClose: Amount?
    /// Price − previous close.
    @NullEncodable public var dailyChange: Amount?
    /// (Price − previous close) / previous close, 8 places.
    @NullEncodable public var dailyChangeFraction: Amount?
    /// When the price was fetched.
    public var asOf: Date
    /// Whether it is a last known price rather than a current one.
    public var stale: Bool

    /// The CSV columns, in order.
    public static let columns = [
        "symbol", "name", "sector", "price", "currency", "previousClose", "dailyChange", "dailyChangeFraction", "asOf",
        "stale",
    ]

    /// The row of a market quote.
    public init(_ market: MarketQuote) {
        symbol = market.quote.symbol
        name = market.quote.name
        sector = market.quote.sector
        price = market.quote.price
        currency = market.quote.currencyCode
        previousClose = market.quote.previousClose
        dailyChange = market.quote.change
        dailyChangeFraction = market.quote.changeFraction(places: 8)
        asOf = market.asOf
        stale = market.isStale
    }
}
