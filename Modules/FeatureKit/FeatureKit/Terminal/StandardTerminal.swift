import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's own standard streams.
public struct StandardTerminal: Terminal {
    /// Creates the terminal for this process.
    public init() {}

    public func write(_ text: String) {
        Self.writeAll(text, to: STDOUT_FILENO)
    }

    public func writeError(_ text: String) {
        Self.writeAll(text, to: STDERR_FILENO)
    }

    /// Writes the string's UTF-8 bytes as they are stored, without copying them into `Data` first: on Linux,
    /// `Data(text.utf8)` asks the runtime whether `String.UTF8View` is `ContiguousBytes`, a scan of every
    /// conformance record in the binary on a process's first write. A reader that has gone away (a closed
    /// pipe) ends the output quietly instead of trapping as `FileHandle.write` does.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, next, remaining)
                #else
                    let written = Darwin.write(descriptor, next, remaining)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                remaining -= written
            }
        }
    }

    public var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }
    public var errorIsInteractive: Bool { isatty(STDERR_FILENO) == 1 }
    public var inputIsInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    public var width: Int { windowSize().columns }
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

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

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
