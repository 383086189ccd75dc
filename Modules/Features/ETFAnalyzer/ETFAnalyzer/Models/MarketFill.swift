import Foundation
import Money
import Timing

/// What the market filled in for one row of a portfolio analysed with market prices, and where it came from:
/// the prices left empty in the file, and the dividends actually paid while the ETF was held (beside the file's
/// yield-based income).
public struct MarketFill: Codable, Sendable, Hashable {
    /// The data row, from 1.
    public var row: Int
    /// The symbol asked for.
    public var symbol: String
    /// Who answered (`Yahoo Finance`).
    public var provider: String
    /// The ISO code of the provider's prices.
    public var currency: String
    /// The purchase price filled in (the close on the purchase date, or the last trading day before it); nil when
    /// the file gave one.
    public var purchasePrice: Amount?
    /// The day of that close.
    public var purchasePriceDate: CalendarDate?
    /// The current price filled in (the close on the analysis date, or the last trading day before it); nil when
    /// the file gave one.
    public var currentPrice: Amount?
    /// The day of that close.
    public var currentPriceDate: CalendarDate?
    /// Dividends per share with an ex-date after the purchase date, up to the analysis date.
    public var dividendsPerShare: Amount
    /// Shares × dividends per share: the income actually paid, to compare with the yield-based figure.
    public var dividendIncome: Amount
    /// When the prices were fetched.
    public var fetchedAt: Date
    /// Whether they are the last stored ones because no provider could answer.
    public var stale: Bool

    /// Creates a fill.
    public init(
        row: Int, symbol: String, provider: String, currency: String, purchasePrice: Amount?,
        purchasePriceDate: CalendarDate?, currentPrice: Amount?, currentPriceDate: CalendarDate?,
        dividendsPerShare: Amount, dividendIncome: Amount, fetchedAt: Date, stale: Bool
    ) {
        self.row = row
        self.symbol = symbol
        self.provider = provider
        self.currency = currency
        self.purchasePrice = purchasePrice
        self.purchasePriceDate = purchasePriceDate
        self.currentPrice = currentPrice
        self.currentPriceDate = currentPriceDate
        self.dividendsPerShare = dividendsPerShare
        self.dividendIncome = dividendIncome
        self.fetchedAt = fetchedAt
        self.stale = stale
    }
}
