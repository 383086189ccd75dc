import NIOCore
import Persistence
import PostgresNIO
import Synchronization

/// One read transaction (REPEATABLE READ, READ ONLY) that the reads of a ``SnapshotScope`` share: one lease,
/// one `BEGIN` and one `COMMIT` for a page view instead of one each per read. A task of its own holds the
/// leased connection from the first read until the snapshot is retired (the scope ended, or the task is about to
/// write) and its last reader has finished; each read runs its body on that connection as a transaction object
/// that begins and commits nothing. Reads may run at once: the connection runs their statements in the order
/// they are sent, all inside the one transaction.
///
/// The transaction's first statement after `BEGIN` reads its snapshot (``stampQuery``), by which the answers of
/// earlier views at the same state are found (``StateMemory``): a read asked before at that state is answered from
/// them, with no statement and no hop to the blocking threads.
///
/// A statement that fails aborts the shared transaction: the snapshot is then broken, later reads run alone,
/// and its connection is closed rather than given back.
final class PostgresSnapshot: Sendable {
    /// The snapshot can no longer be used; the read runs alone.
    struct Gone: Error {}

    private enum Phase {
        case opening([CheckedContinuation<(PostgresConnection, ReadAnswers), any Error>])
        case open(PostgresConnection, ReadAnswers)
        case failed(any Error)
    }

    private struct State {
        var phase = Phase.opening([])
        var readers = 0
        var retired = false
        var broken = false
        var released = false
        var holder: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// The answers of the snapshot's reads once it is open: those every snapshot at the same state shares.
    var answers: ReadAnswers? {
        state.withLock { state in
            guard case .open(_, let answers) = state.phase else { return nil }
            return answers
        }
    }

    /// The state the snapshot sees, as ``StateMemory`` keys it: the transaction's own snapshot (the transactions
    /// in progress and the next id to be given). Two snapshots equal in it see the same committed transactions,
    /// so the same rows of every table; anything written since — by any process, to any table — changes it.
    static let stampQuery = "SELECT pg_current_snapshot()::text"

    /// Leases the connection and begins the transaction, in a task of its own (not the reader's: the connection
    /// outlives that read, and a reader's cancellation must not end the others').
    func open(on database: PostgresDatabase) {
        Task.detached { await self.hold(database) }
    }

    private func hold(_ database: PostgresDatabase) async {
        do {
            try await database.checkWaitingForStartup()
            try await database.leasing { connection in
                let stamp: String
                do {
                    // Sent together, waited for once: the connection runs them in order.
                    let logger = database.statementLogger
                    let begin: EventLoopFuture<PostgresQueryResult> = connection.query(
                        PostgresQuery(unsafeSQL: PostgresDatabase.Isolation.snapshot.begin), logger: logger)
                    let stamped: EventLoopFuture<PostgresQueryResult> = connection.query(
                        PostgresQuery(unsafeSQL: Self.stampQuery), logger: logger)
                    _ = try await begin.get()
                    stamp = try await stamped.get().rows.first?.decode(String.self) ?? ""
                } catch {
                    try? await connection.close()
                    throw error
                }
                // An empty stamp names no state: the answers are this snapshot's own.
                self.opened(connection, answers: stamp.isEmpty ? ReadAnswers() : database.memory.answers(at: stamp))
                await self.untilReleased()
                if self.state.withLock({ $0.broken }) {
                    try? await connection.close()
                } else {
                    // Not waited for, as a read's COMMIT never is: the next statement on the connection, whoever
                    // sends it, runs after it.
                    let logger = database.statementLogger
                    connection.eventLoop.execute {
                        guard !connection.isClosed else { return }
                        _ = connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: logger)
                    }
                }
            }
        } catch {
            failed(error)
        }
    }

    private func opened(_ connection: PostgresConnection, answers: ReadAnswers) {
        let waiting = state.withLock { state -> [CheckedContinuation<(PostgresConnection, ReadAnswers), any Error>] in
            guard case .opening(let waiting) = state.phase else { return [] }
            state.phase = .open(connection, answers)
            return waiting
        }
        for waiter in waiting { waiter.resume(returning: (connection, answers)) }
    }

    private func failed(_ error: any Error) {
        let waiting = state.withLock { state -> [CheckedContinuation<(PostgresConnection, ReadAnswers), any Error>] in
            state.broken = true
            guard case .opening(let waiting) = state.phase else { return [] }
            state.phase = .failed(error)
            return waiting
        }
        for waiter in waiting { waiter.resume(throwing: error) }
    }

    private func untilReleased() async {
        await withCheckedContinuation { holder in
            let now = state.withLock { state -> Bool in
                if state.released { return true }
                state.holder = holder
                return false
            }
            if now { holder.resume() }
        }
    }

    private func connection() async throws -> (PostgresConnection, ReadAnswers) {
        try await withCheckedThrowingContinuation { waiter in
            let ready = state.withLock { state -> Result<(PostgresConnection, ReadAnswers), any Error>? in
                switch state.phase {
                case .opening(let waiting):
                    state.phase = .opening(waiting + [waiter])
                    return nil
                case .open(let connection, let answers): return .success((connection, answers))
                case .failed(let error): return .failure(error)
                }
            }
            if let ready { waiter.resume(with: ready) }
        }
    }

    /// Runs `body` on the shared transaction, unless `answered` answers from what reads at the same state were
    /// told (nil when it cannot).
    /// - Throws: ``Gone`` when the snapshot was retired or broken before this read began (run it alone), else
    ///   what the body, a statement or the lease threw.
    func read<R: Sendable>(
        namespace: String, database: PostgresDatabase, answered: ((ReadAnswers) throws -> R?)? = nil,
        _ body: @escaping @Sendable (PostgresTransaction) throws -> R
    ) async throws -> R {
        let entered = state.withLock { state -> Bool in
            guard !state.retired, !state.broken else { return false }
            state.readers += 1
            return true
        }
        guard entered else { throw Gone() }
        defer { leave() }
        let (connection, answers) = try await connection()
        // Answered here when every question was asked before at this state: no statement, and no hop to the
        // blocking threads.
        if let answered, let value = try answered(answers) { return value }
        do {
            let (value, failed) = try await database.onThread(
                connection, namespace: namespace, answers: answers, body)
            if failed { breakUp() }
            return value
        } catch let failure as CheckedFailure {
            if failure.failed { breakUp() }
            throw failure.error
        }
    }

    /// No read begins on it any more; the connection goes back once the last reader has finished.
    func retire() {
        let release = state.withLock { state -> Bool in
            state.retired = true
            return state.readers == 0
        }
        if release { self.release() }
    }

    private func breakUp() {
        state.withLock { $0.broken = true }
    }

    private func leave() {
        let release = state.withLock { state -> Bool in
            state.readers -= 1
            return state.readers == 0 && (state.retired || state.broken)
        }
        if release { self.release() }
    }

    private func release() {
        let holder = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.released else { return nil }
            state.released = true
            defer { state.holder = nil }
            return state.holder
        }
        holder?.resume()
    }
}
