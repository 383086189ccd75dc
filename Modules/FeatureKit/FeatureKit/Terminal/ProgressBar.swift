import Synchronization

/// A progress bar on standard error, drawn only when standard error is a terminal, so piped output and
/// logs stay clean. Safe to advance from concurrent tasks.
public final class ProgressBar: Sendable {
    private let terminal: any Terminal
    private let label: String
    private let total: Int
    private let completed = Mutex(0)
    private let enabled: Bool

    /// Creates a bar for `total` steps.
    public init(label: String, total: Int, terminal: any Terminal) {
        self.label = label
        self.total = max(1, total)
        self.terminal = terminal
        self.enabled = terminal.errorIsInteractive
        draw(0)
    }

    /// Marks one more step done.
    public func advance() {
        let done = completed.withLock { value -> Int in
            value += 1
            return value
        }
        draw(done)
    }

    /// Clears the bar from the line.
    public func finish() {
        guard enabled else { return }
        terminal.writeError("\r\u{1B}[2K")
    }

    private func draw(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        terminal.writeError("\r\u{1B}[2K\(label) \(bar) \(min(done, total))/\(total)")
    }
}
