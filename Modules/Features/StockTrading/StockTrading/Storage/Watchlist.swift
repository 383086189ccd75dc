import Foundation
import Persistence

/// A symbol the user follows without owning it.
public struct WatchedSymbol: Codable, Sendable, Equatable {
    /// Ticker.
    public var symbol: String
    /// When it was added.
    public var addedAt: Date

    /// Creates an item.
    public init(symbol: String, addedAt: Date) {
        self.symbol = symbol
        self.addedAt = addedAt
    }
}

/// A user's watchlist.
public struct Watchlist: Sendable {
    private let store: any KeyValueStore
    /// The owner.
    public let userID: String

    /// Creates the watchlist of `userID`.
    public init(store: any KeyValueStore, userID: String) {
        self.store = store
        self.userID = userID
    }

    /// Adds symbols (already listed ones are kept as they were); returns those newly added.
    /// - Throws: ``StockTradingError/unknownSymbol(_:known:)`` if any symbol is not listed; nothing is added then.
    @discardableResult
    public func add(_ symbols: [String], listed quotes: QuoteSet, at date: Date) async throws -> [String] {
        let wanted = try Self.unique(symbols).map { try quotes.require($0).quote.symbol }
        let userID = userID
        return try await store.write { transaction in
            var added: [String] = []
            for symbol in wanted where try transaction.get(StorageKeys.watch(userID, symbol)) == nil {
                try transaction.put(StorageKeys.watch(userID, symbol), WatchedSymbol(symbol: symbol, addedAt: date))
                added.append(symbol)
            }
            return added
        }
    }

    /// Removes symbols.
    /// - Throws: ``StockTradingError/notWatched(_:)`` if any is not on the list; nothing is removed then.
    public func remove(_ symbols: [String]) async throws {
        let wanted = Self.unique(symbols)
        let userID = userID
        try await store.write { transaction in
            for symbol in wanted where try transaction.get(StorageKeys.watch(userID, symbol)) == nil {
                throw StockTradingError.notWatched(symbol)
            }
            for symbol in wanted { try transaction.delete(StorageKeys.watch(userID, symbol)) }
        }
    }

    /// The watched symbols in alphabetical order.
    public func items() async throws -> [WatchedSymbol] {
        try await store.scan(WatchedSymbol.self, StorageKeys.watchlist(userID)).map(\.value)
    }

    private static func unique(_ symbols: [String]) -> [String] {
        var seen: Set<String> = []
        return symbols.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { seen.insert($0).inserted }
    }
}
