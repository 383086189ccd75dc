import Failures
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's own standard streams.
public struct StandardTerminal: Terminal {
    private let stdout = StreamState()

    /// Creates the terminal for this process.
    public init() {}

    /// Writes `text` to standard output.
    public func write(_ text: String) {
        // Output is unbuffered, so a failed write is known here and no final flush can fail later; once standard
        // output has failed, the rest of the command's output is dropped rather than half-written.
        guard stdout.isOpen else { return }
        if let failure = FileOutput.writeAll(text, to: STDOUT_FILENO) {
            stdout.close(failure == EPIPE ? nil : FileOutput.error(writing: "standard output", errno: failure))
        }
    }

    /// Writes `text` to standard error.
    public func writeError(_ text: String) {
        _ = FileOutput.writeAll(text, to: STDERR_FILENO)
    }

    /// Why writing to standard output failed, once it has.
    public var outputFailure: FolioError? { stdout.failure }

    /// Whether standard output is a terminal.
    public var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether standard error is a terminal.
    public var errorIsInteractive: Bool { isatty(STDERR_FILENO) == 1 }
    /// Whether standard input is a terminal.
    public var inputIsInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// The terminal's width in columns.
    public var width: Int { windowSize().columns }
    /// The terminal's height in rows.
    public var height: Int { windowSize().rows }

    private func windowSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
        let rows = ProcessInfo.processInfo.environment["LINES"].flatMap(Int.init) ?? 24
        return (columns, rows)
    }

    /// Reads one line of standard input, nil at its end.
    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    /// Reads a line without echoing it, after showing `prompt`.
    public func readSecret(prompt: String) -> String? {
        writeError(prompt)
        guard inputIsInteractive else { return Swift.readLine(strippingNewline: true) }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            writeError("\n")
        }
        return Swift.readLine(strippingNewline: true)
    }

    /// The keys pressed, one byte each, or nil when input is not a terminal.
    public func keyPresses() -> AsyncStream<UInt8>? {
        guard inputIsInteractive else { return nil }
        let mode = RawMode.enter()
        return AsyncStream { continuation in
            let thread = Thread {
                var byte: UInt8 = 0
                while true {
                    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&descriptor, 1, 200)
                    if mode.isFinished { break }
                    guard ready > 0 else { continue }
                    guard read(STDIN_FILENO, &byte, 1) == 1 else { break }
                    continuation.yield(byte)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in mode.leave() }
            thread.start()
        }
    }
}

/// Raw (non-canonical, no echo) input mode, restored exactly once.
final class RawMode: @unchecked Sendable {
    private var original = termios()
    private let lock = NSLock()
    private var finished = false

    static func enter() -> RawMode {
        let mode = RawMode()
        tcgetattr(STDIN_FILENO, &mode.original)
        var raw = mode.original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        return mode
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    func leave() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}

/// Whether standard output still takes bytes, and why it stopped.
private final class StreamState: Sendable {
    private let state = Mutex<(open: Bool, failure: FolioError?)>((true, nil))

    var isOpen: Bool { state.withLock { $0.open } }
    var failure: FolioError? { state.withLock { $0.failure } }

    func close(_ failure: FolioError?) {
        state.withLock { state in
            guard state.open else { return }
            state = (false, failure)
        }
    }
}
