import FeatureKit
import Foundation

extension FormatOptions {
    /// Writes `text` to `--output` (atomically) or standard output, like `emit`, but never adds a newline
    /// after text whose last byte already is one.
    ///
    /// `emit` tests `hasSuffix("\n")`, which is false for CSV ending in CRLF (one `Character`), so it would
    /// add a stray LF after the last record; this keeps RFC 4180 output byte-exact.
    func send(_ text: String, to terminal: any Terminal) throws {
        guard text.utf8.last == 0x0A else { return try emit(text, to: terminal) }
        guard let output, output != "-" else {
            terminal.write(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw FolioError(.internal, "could not write \(output)", why: error.localizedDescription)
        }
    }
}
