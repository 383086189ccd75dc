import Failures
import Foundation

/// The rule for a note's text, read one way by every face: not blank, at most ``maximumLength`` characters.
public enum __NAME__NoteText {
    /// The longest note, in characters.
    public static let maximumLength = 280

    /// The text, trimmed.
    /// - Throws: ``FolioError`` (invalid, blaming `text`) for a blank or too long note.
    public static func parse(_ text: String) throws(FolioError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw FolioError(.invalid, "the note is empty", hint: "write what to keep", field: "text")
        }
        guard trimmed.count <= maximumLength else {
            throw FolioError(
                .invalid, "the note is too long", why: "a note is at most \(maximumLength) characters", field: "text")
        }
        return trimmed
    }
}
