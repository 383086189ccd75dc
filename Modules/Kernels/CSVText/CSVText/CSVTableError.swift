/// Why a CSV text could not be read, and the line to look at.
public struct CSVTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is, so a caller can word an empty file in its own terms.
    public enum Reason: Sendable, Equatable {
        /// Nothing but blank (or skipped comment) lines: no header row.
        case empty
        /// A double quote is never closed.
        case unclosedQuote
        /// The text could not be read as CSV at all.
        case unreadable
        /// A row has more or fewer fields than the header.
        case fieldCount
    }

    /// The 1-based line.
    public var line: Int
    /// What is wrong there.
    public var message: String
    /// What kind of problem it is.
    public var reason: Reason

    /// Creates an error.
    public init(line: Int, message: String, reason: Reason = .unreadable) {
        self.line = line
        self.message = message
        self.reason = reason
    }

    /// `line 3: …`.
    public var description: String { "line \(line): \(message)" }
}
