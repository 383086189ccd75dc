import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for Ctrl-C (SIGINT) or SIGTERM, so a line-mode watch that put the terminal in raw mode for `q`
/// can end normally and restore it. (The live screen has its own handling in FeatureKit.)
enum Interrupt {
    static func wait() async {
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
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
