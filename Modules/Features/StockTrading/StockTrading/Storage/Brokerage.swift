import Foundation
import MarketData
import Money
import Persistence
import Timing

/// A user's paper brokerage account: trades and cash movements, each one store transaction that either
/// changes cash, position and history together or changes nothing.
public struct Brokerage: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing
    private let timeZone: TimeZone
    /// The user whose account this is.
    public let userID: String

    /// Creates the account view for `userID`.
    public init(store: any KeyValueStore, timing: Timing, userID: String, timeZone: TimeZone = .current) {
        self.store = store
        self.timing = timing
        self.userID = userID
        self.timeZone = timeZone
    }

    /// Buys `quantity` shares at the quote's price and records the day's value snapshot.
    /// - Throws: ``StockTradingError/unknownSymbol(_:known:)``, ``StockTradingError/insufficientCash(symbol:quantity:cost:available:)``;
    ///   nothing is written then.
    public func buy(
        _ symbol: String, quantity: Int, quotes: QuoteSet, fx: ExchangeRate? = nil, prices: [String: Amount]? = nil
    ) async throws -> TradeReceipt {
        try Self.check(quantity)
        let quote = try quotes.require(symbol).quote
        return try await trade(prices: prices ?? quotes.prices) { writer, now in
            try writer.buy(symbol: quote.symbol, quantity: quantity, price: quote.price, at: now, fx: fx)
        }
    }

    /// Sells `quantity` shares at the quote's price, realizing P/L on the average-cost basis.
    /// - Throws: ``StockTradingError/unknownSymbol(_:known:)``, ``StockTradingError/insufficientShares(symbol:requested:held:)``;
    ///   nothing is written then.
    public func sell(
        _ symbol: String, quantity: Int, quotes: QuoteSet, fx: ExchangeRate? = nil, prices: [String: Amount]? = nil
    ) async throws -> TradeReceipt {
        try Self.check(quantity)
        let quote = try quotes.require(symbol).quote
        return try await trade(prices: prices ?? quotes.prices) { writer, now in
            try writer.sell(symbol: quote.symbol, quantity: quantity, price: quote.price, at: now, fx: fx)
        }
    }

    /// Records `past`, a trade made on an earlier day, converted into the account's currency at its rate when its
    /// price is in another; the shares and cash it needs are checked against what the account holds now, and
    /// today's value snapshot is valued at `prices` (in the account's currency).
    /// - Throws: as ``buy(_:quantity:quotes:fx:prices:)`` and ``sell(_:quantity:quotes:fx:prices:)``; nothing is
    ///   written then.
    public func record(_ past: PastTrade, prices: [String: Amount]) async throws -> TradeReceipt {
        try Self.check(past.quantity)
        return try await trade(prices: prices) { writer, _ in
            if past.side == .buy {
                return try writer.buy(
                    symbol: past.symbol, quantity: past.quantity, price: past.price, at: past.date, fx: past.fx)
            }
            return try writer.sell(
                symbol: past.symbol, quantity: past.quantity, price: past.price, at: past.date, fx: past.fx)
        }
    }

    /// The account's currency (US dollars for an account opened before there was a choice).
    public func currency() async throws -> String {
        let userID = userID
        return try await store.read { transaction in
            try LedgerWriter(transaction: transaction, userID: userID).state().accountCurrency
        }
    }

    /// Adds paper cash (an external cash flow).
    public func deposit(_ amount: Amount, prices: [String: Amount] = [:]) async throws -> LedgerEntry {
        guard amount.isPositive else {
            throw StockTradingError.invalidAmount("\(amount)", reason: "the amount must be more than $0.00")
        }
        let (userID, now, timeZone) = (userID, timing.now(), timeZone)
        return try await store.write { transaction in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            let entry = try writer.deposit(amount, at: now)
            try writer.recordSnapshot(prices: prices, at: now, timeZone: timeZone)
            return entry
        }
    }

    /// Takes paper cash out (an external cash flow).
    /// - Throws: ``StockTradingError/insufficientCashToWithdraw(amount:available:)``; nothing is written then.
    public func withdraw(_ amount: Amount, prices: [String: Amount] = [:]) async throws -> LedgerEntry {
        guard amount.isPositive else {
            throw StockTradingError.invalidAmount("\(amount)", reason: "the amount must be more than $0.00")
        }
        let (userID, now, timeZone) = (userID, timing.now(), timeZone)
        return try await store.write { transaction in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            let entry = try writer.withdraw(amount, at: now)
            try writer.recordSnapshot(prices: prices, at: now, timeZone: timeZone)
            return entry
        }
    }

    /// Cash, totals and positions, read together.
    public func holdings() async throws -> Holdings {
        let userID = userID
        return try await store.read { transaction in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            return Holdings(state: try writer.state(), positions: try writer.positions())
        }
    }

    /// The whole history, oldest first.
    public func history() async throws -> [LedgerEntry] {
        try await store.scan(LedgerEntry.self, StorageKeys.entries(userID)).map(\.value)
    }

    /// The recorded daily value snapshots, oldest first.
    public func snapshots() async throws -> [ValueSnapshot] {
        try await store.scan(ValueSnapshot.self, StorageKeys.snapshots(userID)).map(\.value)
    }

    /// Records today's value snapshot with `prices`.
    @discardableResult
    public func recordSnapshot(prices: [String: Amount]) async throws -> ValueSnapshot {
        let (userID, now, timeZone) = (userID, timing.now(), timeZone)
        // Most views value the account as the last one did: reading first spares the write, which would also end
        // the store's reuse of what it read for every page.
        let unchanged = try await store.read { transaction -> ValueSnapshot? in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            let state = try writer.state()
            let fresh = try writer.snapshot(prices: prices, at: now, timeZone: timeZone, state: state)
            guard state.lastSnapshotDay == fresh.day, let recorded = try writer.recordedSnapshot(fresh.day),
                recorded.sameValue(as: fresh)
            else { return nil }
            return recorded
        }
        if let unchanged { return unchanged }
        return try await store.write { transaction in
            try LedgerWriter(transaction: transaction, userID: userID)
                .recordSnapshot(prices: prices, at: now, timeZone: timeZone)
        }
    }

    private func trade(
        prices: [String: Amount], _ body: @escaping @Sendable (LedgerWriter, Date) throws -> TradeReceipt
    ) async throws -> TradeReceipt {
        let (userID, now, timeZone) = (userID, timing.now(), timeZone)
        return try await store.write { transaction in
            let writer = LedgerWriter(transaction: transaction, userID: userID)
            let receipt = try body(writer, now)
            // A trade at market price moves value between cash and shares, so it only needs to record the
            // day's first snapshot; reports and cash movements keep the day's value current.
            if receipt.state.lastSnapshotDay != CalendarDate(now, in: timeZone).iso8601 {
                try writer.recordSnapshot(prices: prices, at: now, timeZone: timeZone, state: receipt.state)
            }
            return receipt
        }
    }

    private static func check(_ quantity: Int) throws {
        guard (1...TradeLimits.maximumQuantity).contains(quantity) else {
            throw StockTradingError.invalidQuantity(String(quantity))
        }
    }
}

/// A user's cash, totals and positions at one moment.
public struct Holdings: Sendable, Equatable {
    /// Cash and running totals.
    public var state: AccountState
    /// Open positions, by symbol.
    public var positions: [Position]

    /// Creates a value.
    public init(state: AccountState, positions: [Position]) {
        self.state = state
        self.positions = positions
    }
}

/// A buy or sell made on an earlier day, as ``Brokerage/record(_:prices:)`` takes it.
///
/// One value, not seven arguments: Swift 6.3.1's debug build miscompiled the async `record` that took side, symbol,
/// quantity, price, date, prices and rate one by one — the test process jumped to address 0 (`swift_job_run`) after
/// it ran, in about a third of runs and in every run with one pool thread. The same function without the rate
/// argument ran clean; so does this shape.
public struct PastTrade: Sendable, Equatable {
    /// Buy or sell.
    public var side: TradeSide
    /// The ticker, upper-cased.
    public var symbol: String
    /// Shares traded.
    public var quantity: Int
    /// The price per share, in the symbol's currency.
    public var price: Amount
    /// When it was made.
    public var date: Date
    /// The rate converting the price into the account's currency; nil when it is in it.
    public var fx: ExchangeRate?

    /// Creates a past trade.
    public init(
        _ side: TradeSide, _ symbol: String, quantity: Int, price: Amount, at date: Date, fx: ExchangeRate? = nil
    ) {
        self.side = side
        self.symbol = symbol.uppercased()
        self.quantity = quantity
        self.price = price
        self.date = date
        self.fx = fx
    }
}
