import Foundation

/// Bounds how many requests are in flight to one host at a time; the rest wait their turn in order.
///
/// Public APIs such as the MF API throttle clients that open many connections at once; a `compare` of 20
/// funds must not become 20 simultaneous requests.
public struct ConcurrencyLimitedHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let gate: HostGate

    /// Creates a limited client.
    /// - Parameters:
    ///   - base: The client that sends requests.
    ///   - maxPerHost: The most requests in flight to any one host.
    public init(base: any HTTPClient, maxPerHost: Int) {
        self.base = base
        self.gate = HostGate(limit: max(1, maxPerHost))
    }

    /// Sends `request` once fewer than the limit are in flight to its host.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.url.host ?? ""
        try await gate.enter(host)
        do {
            let response = try await base.send(request)
            await gate.leave(host)
            return response
        } catch {
            await gate.leave(host)
            throw error
        }
    }
}

/// A counting semaphore per host with FIFO waiters and cancellation.
actor HostGate {
    private let limit: Int
    private var inFlight: [String: Int] = [:]
    private var waiters: [String: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)]] = [:]
    private var nextID: UInt64 = 0

    init(limit: Int) { self.limit = limit }

    func enter(_ host: String) async throws {
        if inFlight[host, default: 0] < limit, waiters[host, default: []].isEmpty {
            inFlight[host, default: 0] += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[host, default: []].append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancel(id, host: host) }
        }
    }

    func leave(_ host: String) {
        if var queue = waiters[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[host] = queue
            next.continuation.resume()
        } else {
            inFlight[host, default: 1] -= 1
        }
    }

    private func cancel(_ id: UInt64, host: String) {
        guard let index = waiters[host]?.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters[host]!.remove(at: index)
        waiter.continuation.resume(throwing: CancellationError())
    }
}
