import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import Persistence
import PostgresNIO
import Synchronization

/// The shared-server backend: Folio's records in a PostgreSQL database that several machines use at once.
///
/// **Transactions are SERIALIZABLE.** A write transaction is a read-modify-write of any keys, present or not,
/// and may scan or search before it writes; row locks (`SELECT … FOR UPDATE`) would cover only rows that exist,
/// so two processes creating the same key or acting on the same scan could still both commit. Serializable
/// isolation makes every such interleaving fail one side with a serialisation failure instead; that
/// transaction was rolled back whole, so its body simply runs again, up to ``maxAttempts`` times with a growing,
/// jittered pause on the injected clock. Writers of different records do not wait for each other, which is why
/// committed throughput grows with clients. Read transactions run REPEATABLE READ, READ ONLY: one snapshot,
/// no locks, never a conflict.
///
/// Connections come from PostgresNIO's `PostgresClient` (its pool, at most `maxConnections`), opened on first
/// use, so building the database costs nothing until a command reads or writes. Each transaction is begun on
/// the leased connection by Folio itself, because `withTransaction` sends a plain `BEGIN` and these isolation
/// levels need their own. Before the first lease, and after a lost or refused connection, the server is checked
/// with one connection of Folio's own (``PostgresReachability`` says why).
/// ``StoreTransaction`` is synchronous, so each transaction body runs on a thread of a small blocking pool owned
/// by the database, never on an event loop or a Swift concurrency thread.
public final class PostgresDatabase: KeyValueDatabase {
    /// Where the database is; its description masks the password.
    public let location: PostgresLocation
    /// How many times a transaction runs before a serialisation conflict is reported as a failure.
    public let maxAttempts: Int
    /// How many puts a transaction holds back and sends in one statement (see ``PostgresTransaction/flush()``).
    public let writeBatch: Int
    /// How long a server that answers "the database system is starting up" (recovering after a restart or a
    /// crash) is waited for, on the injected clock, before the command gives up.
    public let startupPatience: Duration
    let tables: PostgresTables
    /// The pool leases come from; replaced once after the server was found down and answers again
    /// (``renewPoolAfterOutage()``).
    var client: PostgresClient { pool.withLock { $0.client } }
    private let pool: Mutex<(client: PostgresClient, running: Task<Void, Never>)>
    private let poolConfiguration: PostgresClient.Configuration
    /// Set when a direct check found the server unreachable: every connection of the pool is then dead, and the
    /// pool is retrying on its own growing backoff (up to a minute), so the next successful check replaces it.
    private let serverWasDown = Mutex(false)
    let reachability: PostgresReachability
    /// How long a lease may wait for the pool before the server is checked directly.
    let leaseGrace: Duration
    /// How long a lease waits before one direct connection checks that the server is still there (a server
    /// that has gone fails the lease at once rather than after the grace).
    let leaseProbe: Duration
    /// Sleeps on the clock ``leaseGrace`` is measured on.
    let leaseSleep: @Sendable (Duration) async throws -> Void
    private let threads: NIOThreadPool
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private let logger: Logger
    let prepared = Mutex(false)
    /// The snapshots page views share (``SnapshotScope``), by scope.
    let snapshots = Mutex<[ObjectIdentifier: PostgresSnapshot]>([:])
    /// What the shared snapshots' reads were told at the last state of the database they saw.
    let memory = StateMemory()
    private let conflictObservers = Mutex<[@Sendable (String) -> Void]>([])

    /// Calls `observer` with the namespace each time a transaction meets a serialisation conflict (it is then run
    /// again, or given up after ``maxAttempts``): what an operator's metrics count.
    public func observeConflicts(_ observer: @escaping @Sendable (_ namespace: String) -> Void) {
        conflictObservers.withLock { $0.append(observer) }
    }

    /// Leases given up by the check after ``leaseGrace`` (see ``leasing(_:)``): how a test tells that path
    /// from the pool's own circuit breaker, whose failure the same check explains.
    var leasesGivenUp: Int { givenUpLeases.withLock { $0 } }
    let givenUpLeases = Mutex(0)

    /// Creates the database object; nothing is connected until the first transaction.
    /// - Parameters:
    ///   - location: The server, database, credentials, TLS mode and schema.
    ///   - maxConnections: Connections (and transactions running at once) in this process; nil takes the URL's
    ///     `pool_max_conns`, else 8.
    ///   - maxAttempts: Runs of a transaction before a serialisation conflict is given up on.
    ///   - writeBatch: Puts sent together; 1 sends each as it comes (what the benchmark compares against).
    ///   - startupPatience: How long to keep trying a server that is still starting up.
    ///   - leaseGrace: How long a transaction waits for a connection from the pool before the server is checked
    ///     directly (see ``leasing(_:)``); nil takes the URL's `pool_wait`, else 10 s.
    ///   - leaseProbe: How long a lease waits for the pool before one direct connection checks that the server is
    ///     there (``leasing(_:)``); a probe no shorter than the grace is never made.
    ///   - leaseProbeTimeout: How long that connection waits for the server; one that runs out is not taken for
    ///     an outage.
    ///   - leaseClock: Measures ``leaseGrace``. The pool's own connection retries run on the real clock whatever
    ///     is given here, so only a test replaces it, to end a lease without waiting.
    ///   - clock: Paces the retries after a serialisation conflict and the waits for a starting server.
    ///   - now: Stamps each record's `storedAt`.
    /// - Throws: ``PersistenceError/storage(_:)`` when TLS cannot be set up.
    public init(
        location: PostgresLocation, maxConnections: Int? = nil, maxAttempts: Int = 40, writeBatch: Int = 2_000,
        startupPatience: Duration = .seconds(30), leaseGrace: Duration? = nil,
        leaseProbe: Duration = .milliseconds(200), leaseProbeTimeout: Duration = .seconds(2),
        leaseClock: any Clock<Duration> = ContinuousClock(), clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "folio.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws {
        self.location = location
        self.maxAttempts = max(1, maxAttempts)
        self.writeBatch = max(1, writeBatch)
        self.startupPatience = startupPatience
        self.leaseGrace = leaseGrace ?? location.poolWait ?? .seconds(10)
        self.leaseProbe = leaseProbe
        let maxConnections = max(1, maxConnections ?? location.poolSize ?? 8)
        leaseSleep = { duration in try await leaseClock.sleep(for: duration) }
        self.now = now
        self.logger = logger
        sleep = { duration in try await clock.sleep(for: duration) }
        tables = PostgresTables(schema: location.schema)
        let tls = try Self.tls(for: location)
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls.client)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.maximumConnections = max(1, maxConnections)
        var direct = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls.direct)
        direct.options.connectTimeout = .seconds(10)
        reachability = PostgresReachability(configuration: direct, probeTimeout: leaseProbeTimeout, logger: logger)
        poolConfiguration = configuration
        pool = Mutex(Self.startPool(configuration, logger: logger))
        threads = NIOThreadPool(numberOfThreads: max(1, maxConnections))
        threads.start()
    }

    /// Parses `url` (`postgres://user:password@host:port/database?sslmode=…&schema=…`) and creates the database.
    public convenience init(
        url: String, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        try self.init(location: PostgresLocation(parsing: url), clock: clock, now: now)
    }

    deinit {
        pool.withLock { $0.running.cancel() }
        threads.shutdownGracefully { _ in }
    }

    /// A pool and the task that runs it. The task is detached: a database first used inside a service of a
    /// `ServiceGroup` (a request of `folio serve`) would otherwise inherit that service's graceful shutdown,
    /// and `PostgresClient.run()` shuts the pool down on it, failing the very requests the server is draining.
    private static func startPool(
        _ configuration: PostgresClient.Configuration, logger: Logger
    ) -> (client: PostgresClient, running: Task<Void, Never>) {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return (client, Task.detached { await client.run() })
    }

    /// Remembers that the server was found unreachable: the next check that finds it answering renews the pool.
    func markServerDown() {
        serverWasDown.withLock { $0 = true }
    }

    /// After the server was found down, the first check that finds it answering replaces the pool: the old
    /// one would keep its leases waiting for its backoff, which grows with the outage's length. Its
    /// connections all died with the server, so shutting it down cuts no transaction; a lease still waiting on
    /// it is tried again on the new pool (``leasing(_:)``).
    func renewPoolAfterOutage() {
        guard
            serverWasDown.withLock({ was in
                defer { was = false }
                return was
            })
        else { return }
        let fresh = Self.startPool(poolConfiguration, logger: logger)
        let old = pool.withLock { current in
            defer { current = fresh }
            return current
        }
        old.running.cancel()
    }

    /// The store for `namespace`.
    public func store(namespace: String) -> any KeyValueStore {
        PostgresStore(namespace: namespace, database: self)
    }

    /// Closes the connections and stops the blocking threads; the database cannot be used afterwards.
    public func close() async {
        reachability.close()
        let running = pool.withLock { $0.running }
        running.cancel()
        await running.value
        try? await threads.shutdownGracefully()
    }

    /// Connects, creating or upgrading Folio's tables if needed: what the first transaction does anyway, for a
    /// command that wants to report an unreachable server before it starts.
    public func connect() async throws {
        try await withConnection(namespace: "") { _ in }
    }

    /// Every namespace that has records or a schema version: its version and record count.
    public func namespaces() async throws -> [NamespaceSummary] {
        try await withConnection(namespace: "") { [tables] transaction in
            let rows = try transaction.rows(
                """
                SELECT n.namespace, coalesce(v.version, 0), coalesce(c.records, 0)
                FROM (SELECT namespace FROM \(tables.records) UNION SELECT namespace FROM \(tables.namespaces)) n
                LEFT JOIN \(tables.namespaces) v ON v.namespace = n.namespace
                LEFT JOIN (SELECT namespace, count(*) AS records FROM \(tables.records) GROUP BY namespace) c
                    ON c.namespace = n.namespace
                ORDER BY n.namespace
                """)
            return try rows.map { row in
                let (namespace, version, records) = try row.decode((String, Int, Int).self)
                return NamespaceSummary(namespace: namespace, schemaVersion: version, records: records)
            }
        }
    }

    // MARK: Running transactions

    enum Isolation {
        case serializable, snapshot

        var begin: String {
            switch self {
            case .serializable: "BEGIN ISOLATION LEVEL SERIALIZABLE"
            case .snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            }
        }
    }

    /// Runs `body` in a transaction, again after each serialisation conflict, up to ``maxAttempts`` runs.
    /// With `lock`, a session advisory lock on that key is held from before the transaction begins (so its
    /// snapshot is taken once the lock is ours) until after it ends. With `hook`, a body that wrote runs its step
    /// before the commit.
    func transaction<R: Sendable>(
        namespace: String, isolation: Isolation, lock: PostgresBindings? = nil, hook: WriteHook? = nil,
        _ body: @escaping @Sendable (PostgresTransaction) throws -> R
    ) async throws -> R {
        var attempt = 1
        while true {
            do {
                return try await withConnection(namespace: namespace) { transaction in
                    if let lock { try transaction.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", lock) }
                    defer {
                        if let lock, !transaction.failed {
                            try? transaction.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", lock)
                        }
                    }
                    // A read's BEGIN and COMMIT are not waited for (``PostgresTransaction/send(_:)``): a page's reads
                    // are most of its transactions, and each wait is a round trip and two thread switches.
                    if isolation == .snapshot, lock == nil {
                        transaction.send(isolation.begin)
                    } else {
                        try transaction.execute(isolation.begin)
                    }
                    do {
                        let result = try body(transaction)
                        if let hook, transaction.wrote {
                            try transaction.switchNamespace(to: hook.namespace)
                            try hook.step(transaction)
                        }
                        try transaction.flush()
                        guard !transaction.failed else {
                            throw PersistenceError.storage("a statement of the transaction failed; nothing was stored")
                        }
                        if isolation == .snapshot, lock == nil {
                            try transaction.finishRead()
                            return result
                        }
                        try transaction.execute("COMMIT")
                        transaction.analyzeIfLoaded()
                        return result
                    } catch {
                        transaction.rollBack()
                        throw error
                    }
                }
            } catch let conflict as SerializationConflict {
                for observer in conflictObservers.withLock({ $0 }) { observer(namespace) }
                guard attempt < maxAttempts else {
                    // Every run was rolled back whole: nothing is stored, and running the command later is safe.
                    throw PersistenceError.unavailable(
                        "\(location.masked): gave up after \(attempt) serialisation conflicts with other writers "
                            + "(\(conflict.reason)); nothing was stored", cause: .conflicts)
                }
                try await sleep(Self.backoff(attempt: attempt))
                attempt += 1
            }
        }
    }

    /// Up to 1 ms, 2 ms, 4 ms … capped at 64 ms, each drawn at random below its cap so that writers that
    /// conflicted together do not retry together.
    static func backoff(attempt: Int) -> Duration {
        let cap = 1_000 << min(attempt - 1, 6)
        return .microseconds(Int.random(in: cap / 2...cap))
    }

    /// Runs `body` with a connection on a blocking thread; a connection whose last statement failed, or that
    /// the server dropped, is closed rather than reused.
    func withConnection<R: Sendable>(
        namespace: String, prepare: Bool = true, _ body: @escaping @Sendable (PostgresTransaction) throws -> R
    ) async throws -> R {
        try await checkWaitingForStartup()
        let (tables, location, now, logger, writeBatch, threads) = (tables, location, now, logger, writeBatch, threads)
        let mustPrepare = prepare && !prepared.withLock { $0 }
        let result = try await leasing { connection -> R in
            let checked: Checked<R>
            do {
                checked = try await threads.runIfActive { () throws -> Checked<R> in
                    let transaction = PostgresTransaction(
                        connection: connection, namespace: namespace, tables: tables, location: location, now: now,
                        writeBatch: writeBatch, logger: logger)
                    do {
                        if mustPrepare { try PostgresSchema.prepare(transaction, tables: tables) }
                        return Checked(value: try body(transaction), failed: transaction.failed)
                    } catch {
                        throw CheckedFailure(error: error, failed: transaction.failed)
                    }
                }
            } catch let failure as CheckedFailure {
                if failure.failed { try? await connection.close() }
                throw failure.error
            } catch {
                try? await connection.close()
                throw error
            }
            if checked.failed { try? await connection.close() }
            return checked.value
        }
        if mustPrepare { prepared.withLock { $0 = true } }
        return result
    }

    /// The guard before a lease (``PostgresReachability``). A server still starting up refuses connections for a
    /// while (SQLSTATE 57P03) and then takes them, so it is tried again after pauses of 250 ms doubling up to
    /// 4 s, until ``startupPatience`` has passed on the clock; a server that is down fails at once.
    func checkWaitingForStartup() async throws {
        var waited = Duration.zero
        var attempts = 1
        while true {
            do {
                try await reachability.check()
                return renewPoolAfterOutage()
            } catch  where PostgresFailure.isStartingUp(error) && waited < startupPatience {
                let pause = Self.startupPause(attempt: attempts)
                try await sleep(pause)
                waited += pause
                attempts += 1
            } catch  where PostgresFailure.isStartingUp(error) {
                throw PersistenceError.unavailable(
                    "\(location.endpoint) is still starting up (the database system is starting up) after \(attempts) "
                        + "tries over \(waited.components.seconds) s; it may be recovering after a restart or a crash: "
                        + "run the command again once it accepts connections")
            } catch {
                let mapped = PostgresFailure.map(error, location: location)
                if case PersistenceError.unavailable(_, .unreachable)? = mapped as? PersistenceError {
                    markServerDown()
                }
                throw mapped
            }
        }
    }

    /// 250 ms, 500 ms, 1 s, 2 s, then 4 s between tries of a starting server.
    static func startupPause(attempt: Int) -> Duration {
        .milliseconds(250 << min(attempt - 1, 4))
    }

    /// The TLS mode as the pool takes it and as a direct connection takes it.
    private static func tls(
        for location: PostgresLocation
    ) throws -> (client: PostgresClient.Configuration.TLS, direct: PostgresConnection.Configuration.TLS) {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch location.sslMode {
        case .disable: return (.disable, .disable)
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        do {
            let context = try NIOSSLContext(configuration: configuration)
            return location.sslMode == .prefer
                ? (.prefer(configuration), .prefer(context)) : (.require(configuration), .require(context))
        } catch {
            throw PersistenceError.storage("TLS for \(location.masked) could not be set up: \(error)")
        }
    }
}

/// A result and whether a statement failed on the way (the connection then needs a rollback it may not have).
private struct Checked<Value: Sendable>: Sendable {
    let value: Value
    let failed: Bool
}

struct CheckedFailure: Error {
    let error: any Error
    let failed: Bool
}

extension PostgresDatabase {
    /// Drops this database's PostgreSQL schema with every table in it: for the tests' schemas of their own.
    /// - Throws: ``PersistenceError/storage(_:)`` for the `public` schema, which is never Folio's alone.
    public func dropSchema() async throws {
        let tables = tables
        guard tables.schema != "public" else {
            throw PersistenceError.storage("the public schema is not dropped; delete Folio's tables by hand")
        }
        try await withConnection(namespace: "", prepare: false) { transaction in
            try transaction.execute("DROP SCHEMA IF EXISTS \(tables.quotedSchema) CASCADE")
        }
        prepared.withLock { $0 = false }
    }
}

extension PostgresDatabase {
    /// Runs `body` on a blocking thread with a transaction object on `connection`, which is already inside a
    /// transaction of someone else's (a ``PostgresSnapshot``): no `BEGIN`, no `COMMIT`. Returns the value and
    /// whether a statement failed (the shared transaction is then unusable).
    func onThread<R: Sendable>(
        _ connection: PostgresConnection, namespace: String, answers: ReadAnswers,
        _ body: @escaping @Sendable (PostgresTransaction) throws -> R
    ) async throws -> (value: R, failed: Bool) {
        let (tables, location, now, logger, writeBatch) = (tables, location, now, logger, writeBatch)
        return try await threads.runIfActive {
            let transaction = PostgresTransaction(
                connection: connection, namespace: namespace, tables: tables, location: location, now: now,
                writeBatch: writeBatch, logger: logger)
            transaction.answers = answers
            do {
                let value = try body(transaction)
                guard !transaction.wrote else {
                    throw PersistenceError.storage("a read transaction cannot write (use write)")
                }
                return (value, transaction.failed)
            } catch {
                throw CheckedFailure(error: error, failed: transaction.failed)
            }
        }
    }

    /// The logger statements are sent with.
    var statementLogger: Logger { logger }

    /// The snapshot the reads of `scope` share, opened by the first of them; nil when sharing does not apply
    /// (the tables are not known to be ready yet, or the scope has ended).
    func sharedSnapshot(for scope: SnapshotScope) -> PostgresSnapshot? {
        guard prepared.withLock({ $0 }) else { return nil }
        let key = ObjectIdentifier(scope)
        let (snapshot, opened) = snapshots.withLock { all -> (PostgresSnapshot?, Bool) in
            if let existing = all[key] { return (existing, false) }
            guard scope.onEnd({ [weak self] in self?.retireSnapshot(key) }) else { return (nil, false) }
            let fresh = PostgresSnapshot()
            all[key] = fresh
            return (fresh, true)
        }
        if opened, let snapshot { snapshot.open(on: self) }
        return snapshot
    }

    /// Ends the snapshot `scope`'s reads share, once its readers are done: a write of the task is about to
    /// commit (later reads must see it), or the scope has ended.
    func retireSnapshot(for scope: SnapshotScope) {
        retireSnapshot(ObjectIdentifier(scope))
    }

    private func retireSnapshot(_ key: ObjectIdentifier) {
        snapshots.withLock { $0.removeValue(forKey: key) }?.retire()
    }
}
