import Foundation
import Money

/// A symbol's latest price as its provider reports it, in the instrument's own (major) currency.
public struct PriceQuote: Codable, Sendable, Equatable {
    /// Ticker as the provider spells it, upper case (`AAPL`, `VOD.L`).
    public var symbol: String
    /// The last price, in ``currency`` (pence already turned into pounds).
    public var price: Amount
    /// ISO 4217 code of the major currency (`USD`, `GBP`).
    public var currency: String
    /// The previous session's close, when the provider knows it.
    public var previousClose: Amount?
    /// The exchange's short name (`NMS`), when known.
    public var exchange: String?
    /// The exchange's IANA time zone (`America/New_York`), in which its days are read.
    public var exchangeTimeZone: String
    /// When the price was made on the market.
    public var marketTime: Date
    /// The instrument's name, when the provider gives one.
    public var name: String?

    /// Creates a quote.
    public init(
        symbol: String, price: Amount, currency: String, previousClose: Amount?, exchange: String?,
        exchangeTimeZone: String, marketTime: Date, name: String? = nil
    ) {
        self.symbol = symbol
        self.price = price
        self.currency = currency
        self.previousClose = previousClose
        self.exchange = exchange
        self.exchangeTimeZone = exchangeTimeZone
        self.marketTime = marketTime
        self.name = name
    }

    /// `price − previousClose`; nil without a previous close.
    public var change: Amount? { previousClose.flatMap { try? price - $0 } }
}
