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
    /// Returns when the process receives SIGINT or SIGTERM. While waiting, both signals are ignored by the
    /// default handler (so they do not kill the process); the default handling is restored on return.
    ///
    /// Signal dispositions are process-wide: have only one waiter at a time.
    public static func wait() async {
        let sources = [SIGINT, SIGTERM].map { signalNumber -> any DispatchSourceSignal in
            signal(signalNumber, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        let stream = AsyncStream<Void> { continuation in
            for source in sources {
                source.setEventHandler { continuation.yield() }
                source.resume()
            }
        }
        for await _ in stream { return }
    }
}
