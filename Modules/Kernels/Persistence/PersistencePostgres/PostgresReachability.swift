import Logging
import PostgresNIO
import Synchronization

/// Whether the server answers, found out with one connection of Folio's own before `PostgresClient` leases one.
///
/// The guard exists because postgres-nio 1.33.2's pool never hands a failed connection attempt's error to the
/// lease waiting for it (vapor/postgres-nio#489): it tries again in the background on its own real clock and
/// fails the waiting leases only when its circuit breaker trips after 60 s, with
/// `connectionCreationCircuitBreakerTripped` and not the cause. A refused socket, a refused login, a missing
/// database or TLS would each cost a minute and lose the hint that says what to fix, and a server still
/// starting up (SQLSTATE 57P03) would be retried on the pool's clock instead of waited for on the injected one.
/// So while the server is not known to answer (first use, and after a lost or refused connection), one
/// connection with the pool's configuration is opened and closed before the lease: it fails at once with the
/// real error. Once it has answered, leases go straight to the pool; the check costs one connection a process.
final class PostgresReachability: Sendable {
    private enum State { case unknown, answering, closed }

    private let configuration: PostgresConnection.Configuration
    private let probeTimeout: TimeAmount
    private let logger: Logger
    private let state = Mutex(State.unknown)
    private let connectionsOpened = Mutex(0)
    private let probing = Mutex<Task<Void, any Error>?>(nil)

    /// How many connections the checks have tried to open: what the guard costs.
    var attempts: Int { connectionsOpened.withLock { $0 } }

    /// - Parameter probeTimeout: How long ``probe()`` waits for the server's answer; see ``probe()``.
    init(configuration: PostgresConnection.Configuration, probeTimeout: Duration = .seconds(2), logger: Logger) {
        self.configuration = configuration
        self.probeTimeout = TimeAmount(probeTimeout)
        self.logger = logger
    }

    /// Returns at once while the server is known to answer; otherwise connects once and closes that connection,
    /// throwing what the attempt threw.
    func check() async throws {
        switch state.withLock({ $0 }) {
        case .answering: return
        case .closed: throw PostgresStoreClosed()
        case .unknown: break
        }
        connectionsOpened.withLock { $0 += 1 }
        let connection = try await PostgresConnection.connect(
            on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: 0, logger: logger)
        try? await connection.close()
        state.withLock { if $0 == .unknown { $0 = .answering } }
    }

    /// Connects once and closes the connection, whatever the state, throwing what the attempt threw; callers at
    /// the same moment share the one attempt, so leases waiting together open one connection, not one each.
    ///
    /// The attempt gives up after `probeTimeout` rather than the pool's 10 s, so a host that drops packets does
    /// not hold it; running out of time says the server is slow or unreachable, not which, and is not taken for
    /// down (``PostgresDatabase/probeDown()``).
    func probe() async throws {
        let task = probing.withLock { current -> Task<Void, any Error> in
            if let current { return current }
            var configuration = configuration
            configuration.options.connectTimeout = probeTimeout
            let logger = logger
            let started = Task<Void, any Error> {
                let connection = try await PostgresConnection.connect(
                    on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: 0,
                    logger: logger)
                try? await connection.close()
            }
            current = started
            return started
        }
        defer { probing.withLock { if $0 == task { $0 = nil } } }
        try await task.value
    }

    /// After a lost or refused connection the server is checked again before the next lease.
    func forget() {
        state.withLock { if $0 == .answering { $0 = .unknown } }
    }

    /// Refuses every later check: the database was closed.
    func close() {
        state.withLock { $0 = .closed }
    }
}

/// A transaction asked for a connection after ``PostgresDatabase/close()``.
struct PostgresStoreClosed: Error {}
