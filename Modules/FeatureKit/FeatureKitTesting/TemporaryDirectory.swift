import Foundation

/// Runs `body` with a new, empty directory `<prefix>-<UUID>` in the system's temporary directory, then removes
/// the directory and everything in it, whether `body` returns or throws.
///
/// Tests write databases, exports and charts into such directories. Removing them here, rather than in each
/// test, is what keeps every run of the suite from leaving hundreds of them in /tmp. A failed `#expect` does
/// not throw, so the directory goes then too; only a crash of the test process leaves it behind, and the
/// prefix tells whose it was.
///
/// `body` runs in the caller's isolation, so it may use the caller's non-`Sendable` state.
public func withTemporaryDirectory<Value>(
    prefix: String,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> Value
) async throws -> Value {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
