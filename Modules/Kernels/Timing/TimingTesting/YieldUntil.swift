/// Yields to other tasks until `condition` holds, for tests that wait on work running elsewhere (a child
/// process, a server thread). Gives up after `limit` of real time and returns false, so a test whose
/// condition never comes true fails with a message instead of hanging the whole run.
///
/// This never sleeps: it only bounds how long the test may keep yielding.
/// - Returns: Whether the condition held before the limit.
public func yieldUntil(
    limit: Duration = .seconds(60), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while try await !condition() {
        guard clock.now < deadline else { return false }
        await Task.yield()
    }
    return true
}
