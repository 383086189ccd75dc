import Foundation
import MarketData
import Money
import Persistence
import Timing

/// The ledger's rules applied inside one store transaction: each operation reads what it needs, refuses
/// before writing anything, then writes cash, position and history together.
struct LedgerWriter {
    let transaction: any StoreTransaction
    let userID: String

    func state() throws -> AccountState {
        try transaction.value(AccountState.self, StorageKeys.state(userID)) ?? AccountState()
    }

    /// The open positions in symbol order (keys sort by symbol).
    func positions() throws -> [Position] {
        try transaction.scan(Position.self, StorageKeys.positions(userID)).map(\.value)
    }

    func position(_ symbol: String) throws -> Position {
        try transaction.value(Position.self, StorageKeys.position(userID, symbol))
            ?? Position(symbol: symbol, quantity: 0, cost: .zero)
    }

    /// `quantity × price`, converted at `fx` when the price is in another currency, rounded half up to the cent.
    static func amount(_ price: Amount, _ quantity: Int, fx: ExchangeRate?) throws -> Amount {
        var gross = try price * quantity
        if let fx { gross = try gross.multiplied(by: try Amount(exactly: fx.rate), rounding: .halfEven) }
        return gross.rounded(toPlaces: 2, .halfUp)
    }

    func buy(
        symbol: String, quantity: Int, price: Amount, at date: Date, fx: ExchangeRate? = nil
    ) throws
        -> TradeReceipt
    {
        var state = try state()
        var position = try position(symbol)
        let cost = try Self.amount(price, quantity, fx: fx)
        guard cost <= state.cash else {
            throw StockTradingError.insufficientCash(
                symbol: symbol, quantity: quantity, cost: cost, available: state.cash, currency: state.accountCurrency)
        }
        state.cash = try state.cash - cost
        position.quantity += quantity
        position.cost = try position.cost + cost
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .buy, timestamp: date, symbol: symbol, quantity: quantity, price: price,
            amount: cost, cashAfter: state.cash, fx: fx)
        try commit(entry, state: &state, position: position)
        return TradeReceipt(entry: entry, position: position, state: state)
    }

    func sell(
        symbol: String, quantity: Int, price: Amount, at date: Date, fx: ExchangeRate? = nil
    ) throws
        -> TradeReceipt
    {
        var state = try state()
        var position = try position(symbol)
        guard quantity <= position.quantity else {
            throw StockTradingError.insufficientShares(symbol: symbol, requested: quantity, held: position.quantity)
        }
        let proceeds = try Self.amount(price, quantity, fx: fx)
        let costSold = try CostBasis.averageCostRemoved(cost: position.cost, held: position.quantity, sold: quantity)
        let realized = try proceeds - costSold
        state.cash = try state.cash + proceeds
        state.realizedPL = try state.realizedPL + realized
        position.quantity -= quantity
        position.cost = try position.cost - costSold
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .sell, timestamp: date, symbol: symbol, quantity: quantity,
            price: price,
            amount: proceeds, realizedPL: realized, costOfSharesSold: costSold, cashAfter: state.cash, fx: fx)
        try commit(entry, state: &state, position: position)
        return TradeReceipt(entry: entry, position: position, state: state)
    }

    @discardableResult
    func deposit(_ amount: Amount, at date: Date, note: String? = nil) throws -> LedgerEntry {
        var state = try state()
        state.cash = try state.cash + amount
        state.netDeposits = try state.netDeposits + amount
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .deposit, timestamp: date, amount: amount, cashAfter: state.cash,
            note: note)
        try commit(entry, state: &state, position: nil)
        return entry
    }

    @discardableResult
    func withdraw(_ amount: Amount, at date: Date) throws -> LedgerEntry {
        var state = try state()
        guard amount <= state.cash else {
            throw StockTradingError.insufficientCashToWithdraw(
                amount: amount, available: state.cash, currency: state.accountCurrency)
        }
        state.cash = try state.cash - amount
        state.netDeposits = try state.netDeposits - amount
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .withdrawal, timestamp: date, amount: amount, cashAfter: state.cash)
        try commit(entry, state: &state, position: nil)
        return entry
    }

    /// Applies a split to the `held` shares of `symbol` held before it: they become `held × ratio`, whole shares
    /// kept and a fraction paid out at `price` (cash in lieu, its cost taken off pro rata and its gain realized);
    /// the position's total cost is otherwise unchanged, so its cost per share divides by the ratio.
    @discardableResult
    func split(
        symbol: String, held: Int, ratio: Amount, price: Amount?, at date: Date, fx: ExchangeRate? = nil
    ) throws -> LedgerEntry {
        var state = try state()
        var position = try position(symbol)
        let after = try held * ratio
        let whole = CostBasis.wholeShares(after)
        let fraction = try after - Amount(whole)
        var cash = Amount.zero
        var removed: Amount?
        var gain: Amount?
        if fraction.isPositive, let price {
            var inLieu = try price.multiplied(by: fraction, rounding: .halfEven)
            if let fx { inLieu = try inLieu.multiplied(by: try Amount(exactly: fx.rate), rounding: .halfEven) }
            cash = inLieu.rounded(toPlaces: 2, .halfEven)
            let shares = try Amount(position.quantity - held + whole) + fraction
            let cost = try position.cost.multiplied(by: fraction, rounding: .halfEven).divided(
                by: shares, places: 2, rounding: .halfUp)
            removed = cost
            gain = try cash - cost
            position.cost = try position.cost - cost
            state.cash = try state.cash + cash
            state.realizedPL = try state.realizedPL + (gain ?? .zero)
        }
        position.quantity += whole - held
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .split, timestamp: date, symbol: symbol, quantity: whole - held,
            amount: cash, realizedPL: gain, costOfSharesSold: removed, cashAfter: state.cash,
            note: "\(ratio) for 1", ratio: ratio, fx: cash.isZero ? nil : fx)
        try commit(entry, state: &state, position: position)
        return entry
    }

    /// Credits a dividend of `perShare` on `shares` (cash rounded half-even to the cent).
    @discardableResult
    func dividend(
        symbol: String, shares: Int, perShare: Amount, at date: Date, fx: ExchangeRate? = nil
    ) throws -> LedgerEntry {
        var state = try state()
        var gross = try perShare * shares
        if let fx { gross = try gross.multiplied(by: try Amount(exactly: fx.rate), rounding: .halfEven) }
        let cash = gross.rounded(toPlaces: 2, .halfEven)
        state.cash = try state.cash + cash
        let entry = LedgerEntry(
            sequence: state.nextSequence, kind: .dividend, timestamp: date, symbol: symbol, quantity: shares,
            price: perShare, amount: cash, cashAfter: state.cash, fx: fx)
        try commit(entry, state: &state, position: nil)
        return entry
    }

    /// Values the account with `prices` (a holding without a price counts at cost) and keeps it as the
    /// day's snapshot.
    @discardableResult
    func recordSnapshot(
        prices: [String: Amount], at date: Date, timeZone: TimeZone, state known: AccountState? = nil
    ) throws -> ValueSnapshot {
        var state = try known ?? state()
        let snapshot = try self.snapshot(prices: prices, at: date, timeZone: timeZone, state: state)
        try transaction.put(StorageKeys.snapshot(userID, snapshot.day), snapshot)
        if state.lastSnapshotDay != snapshot.day {
            state.lastSnapshotDay = snapshot.day
            try transaction.put(StorageKeys.state(userID), state)
        }
        return snapshot
    }

    /// The account's value at `prices` on the day of `date`, not recorded.
    func snapshot(
        prices: [String: Amount], at date: Date, timeZone: TimeZone, state known: AccountState? = nil
    ) throws -> ValueSnapshot {
        let state = try known ?? state()
        var holdings = Amount.zero
        for position in try positions() {
            let value = try prices[position.symbol].map { try ($0 * position.quantity).rounded(toPlaces: 2, .halfUp) }
            holdings = try holdings + (value ?? position.cost)
        }
        return ValueSnapshot(
            day: CalendarDate(date, in: timeZone).iso8601, recordedAt: date, holdingsValue: holdings,
            cash: state.cash, netDeposits: state.netDeposits)
    }

    /// The snapshot recorded for `day`, if any.
    func recordedSnapshot(_ day: String) throws -> ValueSnapshot? {
        try transaction.value(ValueSnapshot.self, StorageKeys.snapshot(userID, day))
    }

    private func commit(_ entry: LedgerEntry, state: inout AccountState, position: Position?) throws {
        state.nextSequence += 1
        guard !state.cash.isNegative, (position?.quantity ?? 0) >= 0 else {
            throw StockTradingError.invalidAmount("\(entry.amount)", reason: "the entry would leave a negative balance")
        }
        try transaction.put(StorageKeys.state(userID), state)
        if let position {
            let key = StorageKeys.position(userID, position.symbol)
            if position.quantity == 0 {
                try transaction.delete(key)
            } else {
                try transaction.put(key, position)
            }
        }
        try transaction.put(StorageKeys.entry(userID, entry.sequence), entry)
    }
}
