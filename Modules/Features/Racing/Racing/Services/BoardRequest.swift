import Failures
import Foundation

/// A board as a person asks for it — how many races, which codes, which countries — read from the words they
/// typed (the terminal's options, a page's query) and checked once, the same way for every face.
public struct BoardRequest: Sendable, Hashable {
    /// The largest board; the service itself rarely lists more than about 50 races.
    public static let maximumCount = 100

    /// How many races to show.
    public var count: Int
    /// Which races to show.
    public var filter: RaceFilter

    /// An already-checked request.
    public init(count: Int = NextToGo.defaultCount, filter: RaceFilter = .all) {
        self.count = count
        self.filter = filter
    }

    /// Reads a request from words: categories and countries may be repeated or comma-separated.
    /// - Throws: ``FolioError`` (invalid) blaming `count`, `category` or `country`; an unknown word is refused,
    ///   never ignored, since a board that silently drops a filter shows races the person asked not to see.
    public init(count: Int = NextToGo.defaultCount, categories: [String], countries: [String]) throws(FolioError) {
        guard (1...Self.maximumCount).contains(count) else {
            throw FolioError(
                .invalid, "cannot show \(count) races", why: "a board shows 1 to \(Self.maximumCount) races",
                field: "count")
        }
        var kinds: Set<RaceCategory.Kind> = []
        for word in Self.words(categories) {
            guard let kind = RaceCategory.Kind(named: word) else {
                throw FolioError(
                    .invalid, "unknown category \"\(word)\"",
                    why: "the categories are horse, harness, greyhound and other", field: "category")
            }
            kinds.insert(kind)
        }
        let codes = Self.words(countries)
        if let bad = codes.first(where: { !$0.allSatisfy(\.isLetter) }) {
            throw FolioError(
                .invalid, "\"\(bad)\" is not a country code", why: "country codes are letters, such as AUS, NZ or UK",
                field: "country")
        }
        self.init(count: count, filter: RaceFilter(categories: kinds, countries: codes))
    }

    /// Comma-separated words, trimmed, empty ones dropped.
    public static func words(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}

extension RaceCategory.Kind {
    /// The code a person's word names (`horse`, `trots`, `dogs`, …, any case); nil for a word that names none.
    public init?(named word: String) {
        guard let kind = Self.names[word.lowercased()] else { return nil }
        self = kind
    }

    private static let names: [String: RaceCategory.Kind] = [
        "horse": .horse, "horses": .horse, "thoroughbred": .horse, "thoroughbreds": .horse, "gallops": .horse,
        "harness": .harness, "trots": .harness, "trotting": .harness, "pacing": .harness,
        "greyhound": .greyhound, "greyhounds": .greyhound, "dogs": .greyhound,
        "other": .other,
    ]
}
