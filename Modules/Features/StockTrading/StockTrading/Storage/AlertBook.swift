import Foundation
import Money
import Persistence

/// What one check of a user's alerts found.
public struct AlertCheck: Sendable, Equatable {
    /// When the check ran.
    public var checkedAt: Date
    /// Alerts that fired in this check.
    public var fired: [PriceAlert]
    /// Every alert after the check.
    public var alerts: [PriceAlert]
    /// Symbols whose alerts were not checked because their price was stale or missing.
    public var skippedSymbols: [String]
}

/// A user's price alerts: add, list, remove, re-arm and check against quotes.
///
/// An alert fires once, in the check where the price crosses its level compared with the previous check
/// (or with the price when it was armed); it then stays fired until re-armed. A stale price is no news,
/// so it neither fires an alert nor moves its reference.
public struct AlertBook: Sendable {
    private let store: any KeyValueStore
    /// The owner.
    public let userID: String

    /// Creates the alert book of `userID`.
    public init(store: any KeyValueStore, userID: String) {
        self.store = store
        self.userID = userID
    }

    /// Adds an alert whose first crossing is measured from the current quote.
    /// - Throws: ``StockTradingError/unknownSymbol(_:known:)``.
    public func add(
        symbol: String, direction: PriceAlert.Direction, level: Amount, quotes: QuoteSet, at date: Date
    ) async throws -> PriceAlert {
        let quote = try quotes.require(symbol)
        let userID = userID
        return try await store.write { transaction in
            let last = try transaction.scan(PriceAlert.self, StorageKeys.alerts(userID), limit: 1, reverse: true).first
            let alert = PriceAlert(
                id: (last?.value.id ?? 0) + 1, symbol: quote.quote.symbol, direction: direction, level: level,
                referencePrice: quote.quote.price, createdAt: date)
            try transaction.put(StorageKeys.alert(userID, alert.id), alert)
            return alert
        }
    }

    /// Every alert, by number.
    public func list() async throws -> [PriceAlert] {
        try await store.scan(PriceAlert.self, StorageKeys.alerts(userID)).map(\.value)
    }

    /// Removes alert `id`; returns it.
    /// - Throws: ``StockTradingError/alertNotFound(_:)``.
    @discardableResult
    public func remove(_ id: Int) async throws -> PriceAlert {
        let userID = userID
        return try await store.write { transaction in
            guard let alert = try transaction.value(PriceAlert.self, StorageKeys.alert(userID, id)) else {
                throw StockTradingError.alertNotFound(id)
            }
            try transaction.delete(StorageKeys.alert(userID, id))
            return alert
        }
    }

    /// Arms alert `id` again from the current quote.
    /// - Throws: ``StockTradingError/alertNotFound(_:)``.
    @discardableResult
    public func rearm(_ id: Int, quotes: QuoteSet, at date: Date) async throws -> PriceAlert {
        let userID = userID
        return try await store.write { transaction in
            guard let alert = try transaction.value(PriceAlert.self, StorageKeys.alert(userID, id)) else {
                throw StockTradingError.alertNotFound(id)
            }
            let current = quotes.quote(for: alert.symbol)
            let rearmed = alert.rearmed(price: current?.quote.price, at: date)
            try transaction.put(StorageKeys.alert(userID, id), rearmed)
            return rearmed
        }
    }

    /// Checks every armed alert against `quotes` in one transaction.
    public func check(quotes: QuoteSet, at date: Date) async throws -> AlertCheck {
        let userID = userID
        return try await store.write { transaction in
            var fired: [PriceAlert] = []
            var skipped: Set<String> = []
            var all: [PriceAlert] = []
            for entry in try transaction.scan(PriceAlert.self, StorageKeys.alerts(userID)) {
                var alert = entry.value
                if alert.status == .armed {
                    if let quote = quotes.quote(for: alert.symbol), !quote.isStale {
                        let result = alert.checked(price: quote.quote.price, at: date)
                        alert = result.alert
                        if result.fired { fired.append(alert) }
                        try transaction.put(entry.key, alert)
                    } else {
                        skipped.insert(alert.symbol)
                    }
                }
                all.append(alert)
            }
            return AlertCheck(checkedAt: date, fired: fired, alerts: all, skippedSymbols: skipped.sorted())
        }
    }
}
