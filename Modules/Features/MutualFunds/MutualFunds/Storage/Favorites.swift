import Foundation
import Persistence

/// A scheme the user keeps an eye on.
public struct Favorite: Sendable, Hashable, Codable {
    /// The scheme code.
    public var code: Int
    /// The scheme's name when it was added.
    public var name: String
    /// When it was added.
    public var addedAt: Date

    /// Creates a favourite.
    public init(code: Int, name: String, addedAt: Date) {
        self.code = code
        self.name = name
        self.addedAt = addedAt
    }
}

/// Favourites, one record per scheme (`favorite/000122639`); never part of the cache, so `cache clear`
/// leaves them alone.
public enum FavoritesStore {
    /// The key prefix of favourites.
    public static let prefix = "favorite/"

    /// The key of a favourite.
    public static func key(code: Int) -> String {
        let digits = String(code)
        return prefix + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    /// Adds `favorite`; false when the scheme was already a favourite (left as it was).
    public static func add(_ favorite: Favorite, in transaction: any StoreTransaction) throws -> Bool {
        guard try transaction.get(key(code: favorite.code)) == nil else { return false }
        try transaction.put(key(code: favorite.code), favorite)
        return true
    }

    /// Removes the favourite for `code`; nil when it was not one.
    public static func remove(code: Int, in transaction: any StoreTransaction) throws -> Favorite? {
        guard let existing = try transaction.value(Favorite.self, key(code: code)) else { return nil }
        try transaction.delete(key(code: code))
        return existing
    }

    /// Every favourite in code order.
    public static func all(in transaction: any StoreTransaction) throws -> [Favorite] {
        try transaction.scan(Favorite.self, .prefix(prefix)).map(\.value)
    }
}
