import Foundation

/// The notes, oldest first, with how many there are: what `folio __ID__ list --format json` prints and
/// `/api/__ID__/notes` answers.
public struct __NAME__NotesReport: Codable, Sendable, Equatable {
    /// The notes, oldest first.
    public var notes: [__NAME__Note]
    /// How many notes there are.
    public var count: Int

    /// The report of `notes`, ordered oldest first.
    public init(notes: [__NAME__Note]) {
        self.notes = notes.sorted { $0.createdAt < $1.createdAt }
        count = notes.count
    }
}
