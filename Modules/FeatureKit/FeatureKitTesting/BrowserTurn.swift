import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One headless browser at a time in the test run: Chromium takes both cores of a small machine, and several
/// browser tests at once starved the loopback servers that other tests' `folio` processes were waiting on (their
/// requests ran out of time). The turn is a lock file, so it also spaces browsers of test processes run side by side.
public enum BrowserTurn {
    /// Runs `body` (which starts a browser and waits for it) once no other browser test is running. It blocks: call
    /// it from a thread of its own, never from Swift concurrency's pool.
    public static func take<T>(_ body: () throws -> T) rethrows -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-browser-tests.lock").path
        let descriptor = open(path, O_CREAT | O_RDWR, 0o644)
        if descriptor >= 0 { flock(descriptor, LOCK_EX) }
        defer {
            if descriptor >= 0 {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        return try body()
    }
}
