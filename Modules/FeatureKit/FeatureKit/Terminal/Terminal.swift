import Failures

/// Where a command's output goes and where its input comes from: the process's standard streams live,
/// captured buffers in tests.
public protocol Terminal: Sendable {
    /// Writes to standard output (results only).
    func write(_ text: String)
    /// Writes to standard error (messages, progress).
    func writeError(_ text: String)
    /// Whether standard output is a terminal (tables, colour and live screens only then).
    var isInteractive: Bool { get }
    /// Whether standard error is a terminal (progress bars only then).
    var errorIsInteractive: Bool { get }
    /// Whether standard input is a terminal (prompts and key presses only then).
    var inputIsInteractive: Bool { get }
    /// The width in columns (80 when unknown).
    var width: Int { get }
    /// The height in rows (24 when unknown).
    var height: Int { get }
    /// Reads one line from standard input without its newline; nil at end of input.
    func readLine() -> String?
    /// Reads one line with echo turned off (passwords); nil at end of input.
    func readSecret(prompt: String) -> String?
    /// Puts the terminal in raw mode for key presses and returns them; nil when input is not a terminal.
    /// The terminal is restored when the stream ends.
    func keyPresses() -> AsyncStream<UInt8>?
    /// The first failure to write standard output (a full disk, an I/O error), which the host reports with exit 74
    /// once the command is done; nil when every byte was written or the reader went away (a closed pipe, as
    /// `… | head` does, ends the output quietly).
    var outputFailure: FolioError? { get }
}

extension Terminal {
    /// Buffers in memory cannot fail to take bytes.
    public var outputFailure: FolioError? { nil }

    /// How wide a table may be: the screen's width when a person reads it there; unbounded when the output is
    /// piped or redirected, so a file or a program gets every cell whole rather than cut to a screen it has not.
    public var tableWidth: Int { isInteractive ? width : .max }

    /// Writes `text` and a newline to standard output.
    public func print(_ text: String = "") { write(text + "\n") }

    /// Writes `text` and a newline to standard error.
    public func printError(_ text: String) { writeError(text + "\n") }

    /// Writes `warning: text` to standard error.
    public func warn(_ text: String) { writeError("warning: \(text)\n") }
}
