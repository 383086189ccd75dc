import Foundation
import MarketData
import Money

/// What one buy or sell did.
public struct TradeReport: Codable, Sendable, Equatable {
    /// The history entry's number.
    public var sequence: Int
    /// `buy` or `sell`.
    public var side: String
    /// Ticker.
    public var symbol: String
    /// Shares traded.
    public var quantity: Int
    /// Price per share, in ``priceCurrency``.
    public var price: Amount
    /// The currency of the price: the symbol's own.
    public var priceCurrency: String
    /// The rate that converted the price into the account's currency; null when the price was in it.
    @NullEncodable public var fx: ExchangeRate?
    /// The account's currency, in which amount and cash are.
    public var currency: String
    /// Quantity × price (× the rate), rounded to the cent.
    public var amount: Amount
    /// Realized P/L of a sell; null for a buy.
    @NullEncodable public var realizedPL: Amount?
    /// Cash after the trade.
    public var cashAfter: Amount
    /// Shares held after the trade.
    public var positionQuantity: Int
    /// Their average cost, to the cent.
    public var positionAverageCost: Amount
    /// When it happened.
    public var timestamp: Date
    /// Whether the price was a last known one rather than current.
    public var stalePrice: Bool

    /// The CSV columns, in order.
    public static let columns = [
        "sequence", "side", "symbol", "quantity", "price", "priceCurrency", "fx", "currency", "amount", "realizedPL",
        "cashAfter", "positionQuantity", "positionAverageCost", "timestamp", "stalePrice",
    ]

    /// The report of a receipt.
    public init(_ receipt: TradeReceipt, stalePrice: Bool) {
        let entry = receipt.entry
        sequence = entry.sequence
        side = entry.kind.rawValue
        symbol = entry.symbol ?? receipt.position.symbol
        quantity = entry.quantity ?? 0
        price = entry.price ?? .zero
        currency = receipt.state.accountCurrency
        fx = entry.fx
        priceCurrency = entry.fx?.from ?? currency
        amount = entry.amount
        realizedPL = entry.realizedPL
        cashAfter = entry.cashAfter
        positionQuantity = receipt.position.quantity
        positionAverageCost = receipt.position.averageCost(places: 2, rounding: .halfUp)
        timestamp = entry.timestamp
        self.stalePrice = stalePrice
    }
}

/// What one deposit or withdrawal did.
public struct CashReport: Codable, Sendable, Equatable {
    /// `deposit` or `withdrawal`.
    public var kind: String
    /// The amount moved.
    public var amount: Amount
    /// Cash afterwards.
    public var cashAfter: Amount
    /// When it happened.
    public var timestamp: Date

    /// The report of a history entry.
    public init(_ entry: LedgerEntry) {
        kind = entry.kind.rawValue
        amount = entry.amount
        cashAfter = entry.cashAfter
        timestamp = entry.timestamp
    }
}
