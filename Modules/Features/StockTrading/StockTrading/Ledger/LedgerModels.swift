import Foundation

/// What a history entry records.
public enum EntryKind: String, Codable, Sendable, CaseIterable {
    /// Shares bought: cash down, position up.
    case buy
    /// Shares sold: position down, cash up, realized P/L recorded.
    case sell
    /// Paper cash added from outside (an external cash flow).
    case deposit
    /// Paper cash taken out (an external cash flow).
    case withdrawal

    /// Whether the entry is a trade rather than a cash flow.
    public var isTrade: Bool { self == .buy || self == .sell }
}

/// One line of a user's history, written in the same transaction as the cash and position it changed.
public struct LedgerEntry: Codable, Sendable, Equatable {
    /// Position in the user's history, from 1.
    public var sequence: Int
    /// What happened.
    public var kind: EntryKind
    /// When.
    public var timestamp: Date
    /// The stock, for trades.
    public var symbol: String?
    /// Shares, for trades.
    public var quantity: Int?
    /// Price per share, for trades.
    public var price: Decimal?
    /// Cash moved (always positive): `quantity × price` rounded to cents for trades.
    public var amount: Decimal
    /// For sells: `amount − cost of the shares sold`, average-cost basis.
    public var realizedPL: Decimal?
    /// For sells: the average-cost basis of the shares sold.
    public var costOfSharesSold: Decimal?
    /// Cash after the entry.
    public var cashAfter: Decimal
    /// A remark (`opening balance`).
    public var note: String?

    /// Creates an entry.
    public init(
        sequence: Int, kind: EntryKind, timestamp: Date, symbol: String? = nil, quantity: Int? = nil,
        price: Decimal? = nil, amount: Decimal, realizedPL: Decimal? = nil, costOfSharesSold: Decimal? = nil,
        cashAfter: Decimal, note: String? = nil
    ) {
        self.sequence = sequence
        self.kind = kind
        self.timestamp = timestamp
        self.symbol = symbol
        self.quantity = quantity
        self.price = price
        self.amount = amount
        self.realizedPL = realizedPL
        self.costOfSharesSold = costOfSharesSold
        self.cashAfter = cashAfter
        self.note = note
    }

    /// The entry's effect on cash: negative for buys and withdrawals.
    public var cashDelta: Decimal {
        switch kind {
        case .buy, .withdrawal: -amount
        case .sell, .deposit: amount
        }
    }
}

/// Shares of one stock held, with their average-cost basis.
public struct Position: Codable, Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// Shares held (never negative; a position at zero is deleted).
    public var quantity: Int
    /// Total cost of the shares held, average-cost basis, in cents.
    public var cost: Decimal

    /// Creates a position.
    public init(symbol: String, quantity: Int, cost: Decimal) {
        self.symbol = symbol
        self.quantity = quantity
        self.cost = cost
    }

    /// Cost per share: `cost / quantity`.
    public var averageCost: Decimal { quantity == 0 ? 0 : cost / Decimal(quantity) }
}

/// A user's cash and running totals: one small record, so a trade reads and rewrites it together with
/// the one position it touches (positions are records of their own) and its history entry.
public struct AccountState: Codable, Sendable, Equatable {
    /// Paper cash.
    public var cash: Decimal
    /// Deposits minus withdrawals: the money the user put in.
    public var netDeposits: Decimal
    /// Realized P/L of all sells, average-cost basis.
    public var realizedPL: Decimal
    /// The next history sequence number.
    public var nextSequence: Int
    /// The day (ISO) of the latest value snapshot, so trades need not rewrite it.
    public var lastSnapshotDay: String?

    /// A new account with nothing in it.
    public init(cash: Decimal = 0, netDeposits: Decimal = 0, realizedPL: Decimal = 0, nextSequence: Int = 1) {
        self.cash = cash
        self.netDeposits = netDeposits
        self.realizedPL = realizedPL
        self.nextSequence = nextSequence
    }
}

/// The account's value on one day, recorded whenever it is valued; the value history chart draws these.
public struct ValueSnapshot: Codable, Sendable, Equatable {
    /// The day (the last valuation of a day wins).
    public var day: String
    /// When it was recorded.
    public var recordedAt: Date
    /// Market value of the holdings.
    public var holdingsValue: Decimal
    /// Cash.
    public var cash: Decimal
    /// Deposits minus withdrawals at the time.
    public var netDeposits: Decimal

    /// Creates a snapshot.
    public init(day: String, recordedAt: Date, holdingsValue: Decimal, cash: Decimal, netDeposits: Decimal) {
        self.day = day
        self.recordedAt = recordedAt
        self.holdingsValue = holdingsValue
        self.cash = cash
        self.netDeposits = netDeposits
    }

    /// `holdingsValue + cash`.
    public var totalValue: Decimal { holdingsValue + cash }
}

/// What a trade did.
public struct TradeReceipt: Sendable, Equatable {
    /// The history entry written.
    public var entry: LedgerEntry
    /// The position after the trade (quantity 0 when sold out).
    public var position: Position
    /// The account after the trade.
    public var state: AccountState
}
