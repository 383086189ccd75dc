import Foundation
import Logging
import Synchronization

/// Whether the store answers, as `folio serve` last saw it, and what it said when it stopped.
///
/// The first failure that says the store cannot be reached marks it down: one warning is logged, and from then on
/// every transaction fails at once (``ObservedStore``) instead of each waiting for its own connection attempt,
/// while one probe retries the store every ``probeInterval``. The probe's first success marks it up again, with
/// one warning saying so, so the first request after the store's return needs at most one interval.
public final class StoreHealth: Sendable {
    /// What the store's state is.
    public struct State: Sendable, Equatable {
        /// Whether the store answered the last transaction or probe.
        public var up: Bool
        /// Why it is down: the database's own message (passwords are masked by the backend).
        public var reason: String?
        /// When it last changed.
        public var since: Date
    }

    /// How often the probe tries a store that is down.
    public let probeInterval: Duration
    private let state: Mutex<State>
    private let probing = Mutex(false)
    private let logger: Logger
    private let metrics: ServerMetrics?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private let probe: Mutex<(@Sendable () async throws -> Void)?> = Mutex(nil)

    /// Creates the health of a store believed up.
    /// - Parameters:
    ///   - probeInterval: The pause between probes of a store that is down (250 ms: a return is seen within 1 s).
    ///   - sleep: Waits between probes (the injected clock).
    public init(
        probeInterval: Duration = .milliseconds(250), logger: Logger, metrics: ServerMetrics? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.probeInterval = probeInterval
        self.logger = logger
        self.metrics = metrics
        self.now = now
        self.sleep = sleep
        state = Mutex(State(up: true, reason: nil, since: now()))
        metrics?.storeUp(true)
    }

    /// The state now.
    public var current: State { state.withLock { $0 } }

    /// Whether the store is believed down (requests fail fast).
    public var isDown: Bool { !current.up }

    /// Sets what the probe runs: one cheap transaction on the real store, past the fail-fast guard.
    public func probe(with body: @escaping @Sendable () async throws -> Void) {
        probe.withLock { $0 = body }
    }

    /// The store answered.
    public func succeeded() {
        let changed = state.withLock { state -> Bool in
            guard !state.up else { return false }
            state = State(up: true, reason: nil, since: now())
            return true
        }
        guard changed else { return }
        metrics?.storeUp(true)
        logger.warning("the database answers again; requests are served")
    }

    /// The store could not be reached: marks it down (one warning) and starts the probe.
    public func failed(reason: String) {
        let changed = state.withLock { state -> Bool in
            guard state.up else { return false }
            state = State(up: false, reason: reason, since: now())
            return true
        }
        guard changed else { return }
        metrics?.storeUp(false)
        logger.warning("the database is down; pages answer 503 until it is back", metadata: ["reason": "\(reason)"])
        startProbe()
    }

    private func startProbe() {
        guard let body = probe.withLock({ $0 }) else { return }
        guard
            probing.withLock({ running in
                defer { running = true }
                return !running
            })
        else { return }
        Task { [self] in
            // A failure between the loop's last check and here would find the probe still running: look again.
            defer {
                probing.withLock { $0 = false }
                if isDown { startProbe() }
            }
            while isDown {
                do { try await sleep(probeInterval) } catch { return }
                do {
                    try await body()
                    succeeded()
                } catch {
                    continue
                }
            }
        }
    }
}
