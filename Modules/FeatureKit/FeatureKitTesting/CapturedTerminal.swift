import FeatureKit
import Synchronization

/// A terminal that records what was written and answers reads from a script, for tests.
public final class CapturedTerminal: Terminal, Sendable {
    private struct State {
        var output = ""
        var errors = ""
        var input: [String]
        var secrets: [String]
    }

    private let state: Mutex<State>
    /// Whether standard output is a terminal.
    public let isInteractive: Bool
    /// Whether standard error is a terminal.
    public let errorIsInteractive: Bool
    /// Whether standard input is a terminal.
    public let inputIsInteractive: Bool
    /// The terminal's width in columns.
    public let width: Int
    /// The terminal's height in rows.
    public let height: Int

    /// Creates a captured terminal.
    /// - Parameters:
    ///   - interactive: Whether to behave as a TTY (tables, prompts) or as a pipe.
    ///   - input: Lines returned by `readLine()` in order.
    ///   - secrets: Lines returned by `readSecret(prompt:)` in order.
    public init(
        interactive: Bool = false, width: Int = 100, height: Int = 40, input: [String] = [], secrets: [String] = []
    ) {
        state = Mutex(State(input: input, secrets: secrets))
        isInteractive = interactive
        errorIsInteractive = interactive
        inputIsInteractive = interactive
        self.width = width
        self.height = height
    }

    /// Everything written to standard output.
    public var output: String { state.withLock { $0.output } }
    /// Everything written to standard error.
    public var errors: String { state.withLock { $0.errors } }

    /// Writes `text` to standard output.
    public func write(_ text: String) { state.withLock { $0.output += text } }
    /// Writes `text` to standard error.
    public func writeError(_ text: String) { state.withLock { $0.errors += text } }

    /// Reads one line of standard input, nil at its end.
    public func readLine() -> String? {
        state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }

    /// Reads a line without echoing it, after showing `prompt`.
    public func readSecret(prompt: String) -> String? {
        state.withLock { state in
            state.errors += prompt
            return state.secrets.isEmpty ? nil : state.secrets.removeFirst()
        }
    }

    /// The keys pressed, one byte each, or nil when input is not a terminal.
    public func keyPresses() -> AsyncStream<UInt8>? { nil }
}
