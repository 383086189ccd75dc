import Foundation
import Synchronization

/// Runs one operation per key at a time: callers that ask while it runs await the same result, so however many
/// faces want AAPL at once, the provider is asked once.
///
/// A caller that is cancelled (a page past its deadline) stops waiting at once; the shared request runs on for
/// the others and for the store, and is forgotten when it ends.
actor Coalescer<Value: Sendable> {
    private var running: [String: Task<Value, any Error>] = [:]
    private(set) var started = 0

    func run(_ key: String, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task: Task<Value, any Error>
        if let shared = running[key] {
            task = shared
        } else {
            task = Task { try await operation() }
            running[key] = task
            started += 1
            Task { [weak self] in
                _ = await task.result
                await self?.finished(key, task)
            }
        }
        return try await Self.wait(for: task)
    }

    private func finished(_ key: String, _ task: Task<Value, any Error>) {
        if running[key] == task { running[key] = nil }
    }

    /// `task`'s value, or `CancellationError` as soon as the caller is cancelled (a task's `value` alone waits
    /// for the task, whatever happens to the caller).
    private static func wait(for task: Task<Value, any Error>) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.install(continuation)
                Task { waiter.finish(await task.result) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }
}

/// One caller's wait: resumed once, by the result or by cancellation, whichever comes first.
private final class Waiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
