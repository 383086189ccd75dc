import Foundation

/// Runs one operation per key at a time: callers that ask while it runs await the same result, so however many
/// faces want AAPL at once, the provider is asked once.
actor Coalescer<Value: Sendable> {
    private var running: [String: Task<Value, any Error>] = [:]
    private(set) var started = 0

    func run(_ key: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = running[key] { return try await task.value }
        let task = Task { try await operation() }
        running[key] = task
        started += 1
        defer { running[key] = nil }
        return try await task.value
    }
}
