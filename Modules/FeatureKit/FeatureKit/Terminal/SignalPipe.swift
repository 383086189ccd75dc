import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Caught signals, handed to every waiter that asked for them.
///
/// A C signal handler cannot capture context and may only make async-signal-safe calls, so the handler writes the
/// signal's number to one process-wide pipe, opened before any handler is installed and never closed; one read
/// source reads the pipe and hands each number to the waiters registered for it. A signal is caught while at least
/// one waiter wants it, and has its default disposition back once the last one leaves, so two waiters at once (a
/// watch and a test, in one process) neither steal each other's signals nor undo each other's handler.
final class SignalRelay: @unchecked Sendable {
    /// The process's relay.
    static let shared = SignalRelay()

    private struct Waiter {
        var signals: Set<Int32>
        var continuation: AsyncStream<Int32>.Continuation
    }

    private struct State {
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
        /// How many waiters want each signal caught.
        var wanted: [Int32: Int] = [:]
    }

    private let state = Mutex(State())
    private let readEnd: Int32
    // Created once and never cancelled: its handler only reads the pipe and hands on what it read.
    private let source: any DispatchSourceRead

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("cannot open the signal pipe: errno \(errno)") }
        for end in ends {
            // Non-blocking: a burst of signals never blocks the handler, and a read never waits.
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
        source.setEventHandler { [unowned self] in self.relay() }
        source.resume()
    }

    /// Registers a waiter for `signals`, caught from now on. Returns its number and the signals it receives.
    func register(_ signals: Set<Int32>) -> (id: Int, stream: AsyncStream<Int32>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.waiters[id] = Waiter(signals: signals, continuation: continuation)
            for number in signals {
                state.wanted[number, default: 0] += 1
                // Installed under the lock, so a waiter leaving at the same moment cannot restore the default after.
                if state.wanted[number] == 1 { signal(number, signalPipeHandler) }
            }
            return id
        }
        return (id, stream)
    }

    /// Removes waiter `id`; a signal nobody waits for any more gets its default disposition back.
    func unregister(_ id: Int) {
        state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else { return }
            waiter.continuation.finish()
            for number in waiter.signals {
                state.wanted[number, default: 1] -= 1
                if state.wanted[number] == 0 {
                    state.wanted[number] = nil
                    signal(number, SIG_DFL)
                }
            }
        }
    }

    private func relay() {
        var buffer = [UInt8](repeating: 0, count: 64)
        var arrived: Set<Int32> = []
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[..<count] { arrived.insert(Int32(byte)) }
        }
        state.withLock { state in
            for waiter in state.waiters.values {
                for number in arrived where waiter.signals.contains(number) { waiter.continuation.yield(number) }
            }
        }
    }
}

// Set once, by `SignalRelay.init`, before any handler is installed; the handler reads it without Swift's lazy-init
// check, which is not async-signal-safe.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Writes the signal's number; `write` is async-signal-safe, and `errno` is restored for the interrupted code.
private let signalPipeHandler: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}
