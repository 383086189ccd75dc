import FeatureKit
import Foundation

/// Writes text to standard output or, atomically, to a file, ending it with a line feed if it has none.
///
/// FeatureKit's `OutputDestination.emit` decides that with `hasSuffix("\n")`, but a Swift `String` ending
/// in CRLF ends with the single character `"\r\n"`, so every RFC 4180 CSV would gain a stray blank line;
/// this checks the last byte instead.
struct ExactOutput {
    /// The file, or nil (or `-`) for standard output.
    var path: String?

    func emit(_ text: String, to terminal: any Terminal) throws {
        let text = text.utf8.last == UInt8(ascii: "\n") || text.isEmpty ? text : text + "\n"
        guard let path, path != "-" else {
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
