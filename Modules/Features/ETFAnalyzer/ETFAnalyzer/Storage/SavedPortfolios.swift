import Foundation
import Persistence

/// A portfolio kept in the store under a name, so it can be analysed again without its file.
public struct SavedPortfolio: Sendable, Hashable, Codable {
    /// The name as the user typed it.
    public var name: String
    /// When it was saved.
    public var savedAt: Date
    /// Where it came from (a path, `stdin`, `folio etf new`).
    public var source: String
    /// The ETFs.
    public var holdings: [ETFHolding]

    /// Creates a saved portfolio.
    public init(name: String, savedAt: Date, source: String, holdings: [ETFHolding]) {
        self.name = name
        self.savedAt = savedAt
        self.source = source
        self.holdings = holdings
    }
}

/// Why a saved-portfolio operation was refused.
public enum SavedPortfolioError: Error, Sendable, Equatable {
    /// The name is empty, too long, or has characters other than letters, digits, `.`, `_` and `-`.
    case invalidName(String)
    /// A portfolio with this name exists and replacing was not allowed.
    case exists(String)
    /// No portfolio has this name.
    case notFound(String)
}

/// The saved portfolios in the feature's store: one record per portfolio at `portfolio/<lower-cased name>`,
/// so names are case-insensitive and a save replaces in one write.
public struct SavedPortfolios: Sendable {
    private let store: any KeyValueStore

    /// Creates the repository over the feature's store.
    public init(store: any KeyValueStore) { self.store = store }

    /// Checks a name: 1–64 letters, digits, `.`, `_` or `-`, starting with a letter or digit.
    public static func validate(name: String) throws(SavedPortfolioError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard !name.isEmpty, name.count <= 64, allowed, let first = name.unicodeScalars.first,
            CharacterSet.alphanumerics.contains(first)
        else { throw .invalidName(name) }
    }

    private static func key(_ name: String) -> String { "portfolio/" + name.lowercased() }

    /// Stores `portfolio`; refuses to replace an existing one unless `replace` is set.
    /// - Returns: Whether an existing portfolio was replaced.
    @discardableResult
    public func save(_ portfolio: SavedPortfolio, replace: Bool) async throws -> Bool {
        try Self.validate(name: portfolio.name)
        let key = Self.key(portfolio.name)
        let replaced = try await store.write { transaction in
            let existing = try transaction.get(key)
            if existing != nil && !replace { throw SavedPortfolioError.exists(portfolio.name) }
            try transaction.put(key, portfolio)
            return existing != nil
        }
        return replaced
    }

    /// The portfolio called `name` (any case).
    public func load(_ name: String) async throws -> SavedPortfolio {
        guard let entry = try await store.get(SavedPortfolio.self, Self.key(name)) else {
            throw SavedPortfolioError.notFound(name)
        }
        return entry.value
    }

    /// Whether a portfolio called `name` exists.
    public func exists(_ name: String) async throws -> Bool {
        let key = Self.key(name)
        return try await store.read { try $0.get(key) != nil }
    }

    /// Every saved portfolio, by name.
    public func all() async throws -> [SavedPortfolio] {
        try await store.scan(SavedPortfolio.self, .prefix("portfolio/")).map(\.value)
    }

    /// Removes the portfolio called `name`.
    public func delete(_ name: String) async throws {
        let key = Self.key(name)
        try await store.write { transaction in
            guard try transaction.get(key) != nil else { throw SavedPortfolioError.notFound(name) }
            try transaction.delete(key)
        }
    }
}
