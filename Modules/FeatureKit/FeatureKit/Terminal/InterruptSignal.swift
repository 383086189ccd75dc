import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM, caught instead of killing the process, so a command can restore the
/// terminal (leave raw mode or the alternate screen) and end normally.
///
/// Race ``wait()`` against the command's work in a task group and cancel the rest when either finishes:
///
/// ```swift
/// await withTaskGroup(of: Void.self) { group in
///     group.addTask { await work() }
///     group.addTask { await InterruptSignal.wait() }
///     await group.next()
///     group.cancelAll()
/// }
/// ```
///
/// ``LiveScreen/run(on:_:)`` does this itself.
public enum InterruptSignal {
    /// Returns when the process receives SIGINT or SIGTERM. While waiting, both signals are caught (so they do
    /// not kill the process); the default handling is restored on return.
    ///
    /// Several waiters at once each receive the signal.
    public static func wait() async {
        let signals = Listener([SIGINT, SIGTERM])
        defer { signals.stop() }
        for await _ in signals.stream { return }
    }

    /// The signals caught from creation until ``stop()``: in place before `init` returns, so a signal sent right
    /// after is never handled by the default (killing) disposition.
    ///
    /// A real handler (``SignalRelay``), not `SIG_IGN` with a Dispatch signal source: on Linux Dispatch reads signals
    /// through a `signalfd`, which sees only a signal pending on the thread that blocked it, and the kernel may hand
    /// the process's signal to any other thread, where `SIG_IGN` discards it (a Ctrl-C lost now and then).
    private struct Listener: Sendable {
        let stream: AsyncStream<Int32>
        private let id: Int

        init(_ signals: Set<Int32>) {
            (id, stream) = SignalRelay.shared.register(signals)
        }

        func stop() { SignalRelay.shared.unregister(id) }
    }

    /// Runs `body` until it ends or SIGINT or SIGTERM arrives; then cancels it and returns once it has ended, or
    /// after `grace` at the latest, so a watcher stops promptly even while a request ignores cancellation.
    ///
    /// Returning within `grace` leaves nothing half-written: every store write is one transaction, which either
    /// commits or is rolled back when the process exits.
    /// - Returns: Whether a signal ended the run.
    @discardableResult
    public static func run(
        grace: Duration = .milliseconds(400), _ body: @escaping @Sendable () async -> Void
    ) async -> Bool {
        await run(catching: [SIGINT, SIGTERM], grace: grace, body)
    }

    /// ``run(grace:_:)`` on other signals than Ctrl-C and SIGTERM (what a test can send its own process without
    /// stopping another test's watcher).
    static func run(
        catching caught: Set<Int32>, grace: Duration, _ body: @escaping @Sendable () async -> Void
    ) async -> Bool {
        // true: the body ended; false: a signal arrived.
        let (events, continuation) = AsyncStream.makeStream(of: Bool.self)
        // Caught before the body starts: a signal the moment it has begun (say, once it has printed) stops it.
        let signals = Listener(caught)
        defer { signals.stop() }
        let work = Task {
            await body()
            continuation.yield(true)
        }
        let signal = Task {
            for await _ in signals.stream {
                continuation.yield(false)
                return
            }
        }
        var iterator = events.makeAsyncIterator()
        let bodyEnded = await iterator.next() ?? true
        signal.cancel()
        guard !bodyEnded else { return false }
        work.cancel()
        let timer = Task {
            try? await Task.sleep(for: grace)
            continuation.finish()
        }
        _ = await iterator.next()
        timer.cancel()
        return true
    }
}
