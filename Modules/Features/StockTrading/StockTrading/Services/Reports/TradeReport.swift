import Foundation
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
    /// Price per share.
    public var price: Amount
    /// Quantity × price, rounded to the cent.
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
        "sequence", "side", "symbol", "quantity", "price", "amount", "realizedPL", "cashAfter", "positionQuantity",
        "positionAverageCost", "timestamp", "stalePrice",
    ]

    /// The report of a receipt.
    public init(_ receipt: TradeReceipt, stalePrice: Bool) {
        let entry = receipt.entry
        sequence = entry.sequence
        side = entry.kind.rawValue
        symbol = entry.symbol ?? receipt.position.symbol
        quantity = entry.quantity ?? 0
        price = entry.price ?? .zero
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
