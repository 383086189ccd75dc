/// A race's code (greyhound, harness, horse), identified by the service's category id.
///
/// The service sends only the id; the names come from the data (distances, race names, gaits). An id
/// this build does not know is kept as ``Kind/other`` with its id, so a new category shows up as
/// "other" instead of vanishing from the board.
public struct RaceCategory: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The racing codes folio names, plus `other` for ids it does not know.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Greyhound racing.
        case greyhound
        /// Harness (trotting and pacing) racing.
        case harness
        /// Thoroughbred horse racing.
        case horse
        /// A category id folio does not know.
        case other
    }

    /// Greyhound racing's category id.
    public static let greyhoundID = "9daef0d7-bf3c-4f50-921d-8e818c60fe61"
    /// Harness racing's category id.
    public static let harnessID = "161d9be2-e909-4326-8c2c-35ed71fb460b"
    /// Horse racing's category id.
    public static let horseID = "4a2788f8-e825-4d36-9894-efd4baf1cfae"

    private static let known: [String: Kind] = [greyhoundID: .greyhound, harnessID: .harness, horseID: .horse]

    /// The service's category id, as sent.
    public let id: String

    /// Creates the category for a service id.
    public init(id: String) { self.id = id }

    /// The category of a known kind (`other` has no id of its own and gets an empty one).
    public init(kind: Kind) {
        switch kind {
        case .greyhound: id = Self.greyhoundID
        case .harness: id = Self.harnessID
        case .horse: id = Self.horseID
        case .other: id = ""
        }
    }

    /// The racing code; ``Kind/other`` for ids folio does not know.
    public var kind: Kind { Self.known[id.lowercased()] ?? .other }

    /// The code's name in lower case: `greyhound`, `harness`, `horse` or `other`.
    public var description: String { kind.rawValue }

    /// Decodes from the bare id string.
    public init(from decoder: any Decoder) throws {
        id = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as the bare id string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}
