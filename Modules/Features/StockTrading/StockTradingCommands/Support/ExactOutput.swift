import FeatureKit
import Foundation

extension FormatOptions {
    /// Writes `text` exactly as given to `--output` (atomically) or the terminal.
    ///
    /// `emit` adds a newline unless the text ends with one, and a CSV document's final `\r\n` is one
    /// `Character` that `hasSuffix("\n")` does not match, so CSV through `emit` would gain a stray `\n`.
    func emitExact(_ text: String, to terminal: any Terminal) throws {
        guard let path = output, path != "-" else {
            terminal.write(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FolioError(.internal, "could not write \(path)", why: error.localizedDescription)
        }
    }
}

extension FormatOptions {
    /// ``emitExact(_:to:)`` for a CSV document (ending in `\r\n`), `emit` for anything else.
    func emitDocument(_ text: String, to terminal: any Terminal) throws {
        if text.hasSuffix("\r\n") { try emitExact(text, to: terminal) } else { try emit(text, to: terminal) }
    }
}
