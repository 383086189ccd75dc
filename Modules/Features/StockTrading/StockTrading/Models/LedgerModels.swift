import Foundation
import MarketData
import Money

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
    /// A split changed the shares held (`quantity` added, negative for a reverse split; `ratio`); a fraction of a
    /// share is paid out as cash in lieu (`amount`).
    case split
    /// A cash dividend credited for the shares held on its ex-date (`quantity` × `price` per share = `amount`).
    case dividend

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
    public var price: Amount?
    /// Cash moved (always positive): `quantity × price` rounded to cents for trades.
    public var amount: Amount
    /// For sells: `amount − cost of the shares sold`, average-cost basis.
    public var realizedPL: Amount?
    /// For sells: the average-cost basis of the shares sold.
    public var costOfSharesSold: Amount?
    /// Cash after the entry.
    public var cashAfter: Amount
    /// A remark (`opening balance`).
    public var note: String?
    /// For splits: new shares per old share (4 for 4:1).
    public var ratio: Amount?
    /// For a trade or dividend priced in another currency than the account's: the rate that converted `price`
    /// into `amount`, with its source and time; nil when the price was in the account's currency.
    public var fx: ExchangeRate?

    /// Creates an entry.
    public init(
        sequence: Int, kind: EntryKind, timestamp: Date, symbol: String? = nil, quantity: Int? = nil,
        price: Amount? = nil, amount: Amount, realizedPL: Amount? = nil, costOfSharesSold: Amount? = nil,
        cashAfter: Amount, note: String? = nil, ratio: Amount? = nil, fx: ExchangeRate? = nil
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
        self.ratio = ratio
        self.fx = fx
    }

    /// The entry's effect on cash: negative for buys and withdrawals.
    public var cashDelta: Amount {
        switch kind {
        case .buy, .withdrawal: -amount
        case .sell, .deposit, .split, .dividend: amount
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
    public var cost: Amount

    /// Creates a position.
    public init(symbol: String, quantity: Int, cost: Amount) {
        self.symbol = symbol
        self.quantity = quantity
        self.cost = cost
    }

    /// Cost per share: `cost / quantity` to 12 places.
    public var averageCost: Amount { averageCost(places: Amount.places, rounding: .halfEven) }

    /// Cost per share rounded to `places` by `rule` (a quotient of an in-range cost by a positive count
    /// cannot overflow).
    public func averageCost(places: Int, rounding rule: RoundingRule) -> Amount {
        guard quantity > 0 else { return .zero }
        return (try? cost.divided(by: quantity, places: places, rounding: rule)) ?? .zero
    }
}

/// A user's cash and running totals: one small record, so a trade reads and rewrites it together with
/// the one position it touches (positions are records of their own) and its history entry.
public struct AccountState: Codable, Sendable, Equatable {
    /// Paper cash.
    public var cash: Amount
    /// Deposits minus withdrawals: the money the user put in.
    public var netDeposits: Amount
    /// Realized P/L of all sells, average-cost basis.
    public var realizedPL: Amount
    /// The next history sequence number.
    public var nextSequence: Int
    /// The day (ISO) of the latest value snapshot, so trades need not rewrite it.
    public var lastSnapshotDay: String?
    /// The account's currency (ISO 4217), set at sign-up; nil for accounts opened before there was a choice,
    /// which are in US dollars.
    public var currency: String?

    /// The currency cash, cost and value are kept in: ``currency``, else `USD`.
    public var accountCurrency: String { currency ?? Self.defaultCurrency }

    /// The currency of an account opened without one.
    public static let defaultCurrency = "USD"

    /// A new account with nothing in it.
    public init(cash: Amount = .zero, netDeposits: Amount = .zero, realizedPL: Amount = .zero, nextSequence: Int = 1) {
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
    /// When the day's value was last seen to change (a valuation at the same value records nothing).
    public var recordedAt: Date
    /// Market value of the holdings.
    public var holdingsValue: Amount
    /// Cash.
    public var cash: Amount
    /// Deposits minus withdrawals at the time.
    public var netDeposits: Amount

    /// Creates a snapshot.
    public init(day: String, recordedAt: Date, holdingsValue: Amount, cash: Amount, netDeposits: Amount) {
        self.day = day
        self.recordedAt = recordedAt
        self.holdingsValue = holdingsValue
        self.cash = cash
        self.netDeposits = netDeposits
    }

    /// `holdingsValue + cash`.
    public var totalValue: Amount {
        get throws(MoneyError) { try holdingsValue + cash }
    }

    /// Whether `other` records the same figures for the same day, whenever each was recorded.
    public func sameValue(as other: ValueSnapshot) -> Bool {
        day == other.day && holdingsValue == other.holdingsValue && cash == other.cash
            && netDeposits == other.netDeposits
    }
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
