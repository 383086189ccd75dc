#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pipe a signal handler writes to, so a caught signal reaches ordinary code.
///
/// A C signal handler cannot capture context and may only make async-signal-safe calls, so the write end is
/// one process-wide descriptor, opened once before any handler is installed and never closed.
struct SignalPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    /// Opened on first use; both ends non-blocking, so a burst of signals never blocks the handler and
    /// ``drain()`` never waits.
    static let shared: SignalPipe = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("cannot open the signal pipe: errno \(errno)") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        writeEndForHandler = ends[1]
        return SignalPipe(readEnd: ends[0], writeEnd: ends[1])
    }()

    // Set once, by `shared`, before any handler can run; the handler reads it without Swift's lazy-init check.
    nonisolated(unsafe) private static var writeEndForHandler: Int32 = -1

    /// Writes one byte; `write` is async-signal-safe, and `errno` is restored for the interrupted code.
    static let handler: @convention(c) (Int32) -> Void = { _ in
        let saved = errno
        var byte: UInt8 = 1
        _ = write(writeEndForHandler, &byte, 1)
        errno = saved
    }

    /// Empties the pipe. Returns whether a signal had arrived.
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var arrived = false
        while read(readEnd, &buffer, buffer.count) > 0 { arrived = true }
        return arrived
    }
}
