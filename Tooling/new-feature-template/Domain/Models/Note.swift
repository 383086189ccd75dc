import Foundation

/// One note the __NAME__ feature keeps: what was written and when.
public struct __NAME__Note: Codable, Sendable, Equatable {
    /// The text, as written (trimmed).
    public var text: String
    /// When it was added.
    public var createdAt: Date

    /// Creates a note.
    public init(text: String, createdAt: Date) {
        self.text = text
        self.createdAt = createdAt
    }
}
