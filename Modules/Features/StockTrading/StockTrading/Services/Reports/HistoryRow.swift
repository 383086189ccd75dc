import Foundation
import MarketData
import Money
import Timing

/// One history entry as `history` reports it.
public struct HistoryRow: Codable, Sendable, Equatable {
    /// The entry's number.
    public var sequence: Int
    /// When it happened.
    public var timestamp: Date
    /// `buy`, `sell`, `deposit` or `withdrawal`.
    public var side: String
    /// Ticker of a trade.
    @NullEncodable public var symbol: String?
    /// Shares of a trade.
    @NullEncodable public var quantity: Int?
    /// Price of a trade (per share of a dividend), in the symbol's currency.
    @NullEncodable public var price: Amount?
    /// The rate that converted the price into the account's currency, with its source and time; null when the
    /// price was in it.
    @NullEncodable public var fx: ExchangeRate?
    /// Cash moved.
    public var amount: Amount
    /// Realized P/L of a sell on the report's basis.
    @NullEncodable public var realizedPL: Amount?
    /// Cash afterwards.
    public var cashAfter: Amount
    /// A note, like "opening balance".
    @NullEncodable public var note: String?

    /// The CSV columns, in order.
    public static let columns = [
        "sequence", "timestamp", "side", "symbol", "quantity", "price", "fx", "amount", "realizedPL", "cashAfter",
        "note",
    ]

    /// The row of an entry, with the realized P/L of the chosen basis.
    public init(_ entry: LedgerEntry, realizedPL: Amount?) {
        sequence = entry.sequence
        timestamp = entry.timestamp
        side = entry.kind.rawValue
        symbol = entry.symbol
        quantity = entry.quantity
        price = entry.price
        fx = entry.fx
        amount = entry.amount
        self.realizedPL = realizedPL
        cashAfter = entry.cashAfter
        note = entry.note
    }
}

/// Which history entries to report; nil fields do not filter.
public struct HistoryFilter: Sendable, Equatable {
    /// Only entries of this kind.
    public var kind: EntryKind?
    /// Only trades of this symbol.
    public var symbol: String?
    /// First local day included.
    public var from: CalendarDate?
    /// Last local day included.
    public var to: CalendarDate?

    /// Creates a filter.
    public init(kind: EntryKind? = nil, symbol: String? = nil, from: CalendarDate? = nil, to: CalendarDate? = nil) {
        self.kind = kind
        self.symbol = symbol
        self.from = from
        self.to = to
    }
}

/// The history as reported: the matching rows and how many entries there are in all.
public struct HistoryReport: Sendable, Equatable {
    /// The matching rows, oldest first (what `--format json` prints).
    public var rows: [HistoryRow]
    /// Entries in the whole history.
    public var total: Int
    /// The account's currency, in which amounts and cash are.
    public var currency: String = "USD"
}
