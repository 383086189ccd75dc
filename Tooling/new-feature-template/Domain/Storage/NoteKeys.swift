import Foundation
import Persistence

/// Where the notes live in the feature's namespace: one record each, keyed so key order is time order.
enum __NAME__NoteKeys {
    /// Every note.
    static let all = KeyRange.prefix("notes/")

    /// The key of a note added at `date`, unique however many are added in one second.
    static func key(for date: Date) -> String {
        "notes/" + String(format: "%015.3f", date.timeIntervalSince1970) + "-" + UUID().uuidString.prefix(8)
    }
}
