import Foundation
import MarketData
import Money
import Persistence
import Timing

/// The `stocks` namespace's schema history.
enum StockTradingSchema {
    static func migrations(hasher: any PasswordHashing, timing: Timing, timeZone: TimeZone) -> [Migration] {
        [
            Migration(version: 1, name: "create the demo account") { transaction in
                try seedDemoAccount(in: transaction, hasher: hasher, now: timing.now(), timeZone: timeZone)
            },
            Migration(version: 2, name: "give each position a record of its own") { transaction in
                try movePositionsOutOfAccountState(in: transaction)
            },
        ]
    }

    /// Version 1 kept every position inside the account's state record, so each trade re-encoded all of
    /// them; now a trade touches one position record. Rewriting the state drops the old `positions` key.
    static func movePositionsOutOfAccountState(in transaction: any StoreTransaction) throws {
        struct LegacyPositions: Decodable {
            var positions: [String: Position]?
        }
        for record in try transaction.scan(KeyRange.prefix("u/")) where record.key.hasSuffix("/state") {
            let userID = String(record.key.dropFirst(2).dropLast("/state".count))
            let legacy = try RecordCoding.decode(LegacyPositions.self, from: record.value, key: record.key)
            for position in (legacy.positions ?? [:]).values where position.quantity > 0 {
                try transaction.put(StorageKeys.position(userID, position.symbol), position)
            }
            let state = try RecordCoding.decode(AccountState.self, from: record.value, key: record.key)
            try transaction.put(StorageKeys.state(userID), state)
        }
    }

    /// The StockPort demo user: $10,000.00 of cash plus AAPL 2 and TSLA 1 bought at the app's prices, so
    /// the opening deposit is the cash plus what the shares cost.
    static func seedDemoAccount(
        in transaction: any StoreTransaction, hasher: any PasswordHashing, now: Date, timeZone: TimeZone
    ) throws {
        let email = AccountService.demoEmail
        guard try transaction.get(StorageKeys.account(email)) == nil else { return }
        let account = Account(
            userID: AccountService.newUserID(), email: email,
            passwordHash: try hasher.hash(AccountService.demoPassword),
            createdAt: now)
        let holdings: [(String, Int)] = [("AAPL", 2), ("TSLA", 1)]
        let prices = Dictionary(uniqueKeysWithValues: BundledStocks.all.map { ($0.symbol, $0.basePrice) })
        var sharesCost = Amount.zero
        for (symbol, quantity) in holdings { sharesCost = try sharesCost + (prices[symbol]! * quantity) }
        try AccountService.open(
            account, cash: try AccountService.defaultOpeningCash + sharesCost, in: transaction, at: now,
            timeZone: timeZone)
        let writer = LedgerWriter(transaction: transaction, userID: account.userID)
        for (symbol, quantity) in holdings {
            _ = try writer.buy(symbol: symbol, quantity: quantity, price: prices[symbol]!, at: now)
        }
        try writer.recordSnapshot(prices: prices, at: now, timeZone: timeZone)
    }
}
