import Failures
import Foundation
import Persistence
import Timing

/// The __NAME__ feature's use cases: add a note, list them. Every face builds one from its dependencies and calls
/// it, so the terminal, the page and the API answer alike.
public struct __NAME__Service: Sendable {
    private let store: any KeyValueStore
    private let timing: Timing

    /// Creates the service over the feature's namespaced store and the clocks.
    public init(store: any KeyValueStore, timing: Timing) {
        self.store = store
        self.timing = timing
    }

    /// Keeps a note.
    /// - Throws: ``FolioError`` (invalid, blaming `text`) for a blank or too long note; nothing is stored then.
    public func add(_ text: String) async throws -> __NAME__Note {
        let note = __NAME__Note(text: try __NAME__NoteText.parse(text), createdAt: timing.now())
        try await store.put(__NAME__NoteKeys.key(for: note.createdAt), note)
        return note
    }

    /// Every note, oldest first.
    public func notes() async throws -> __NAME__NotesReport {
        __NAME__NotesReport(notes: try await store.scan(__NAME__Note.self, __NAME__NoteKeys.all).map(\.value))
    }
}
