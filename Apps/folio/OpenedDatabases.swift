import Persistence
import PersistencePostgres
import Synchronization
import Timing

/// The PostgreSQL databases this process opened, one per server and database: every namespace a command or
/// `folio serve` uses shares one connection pool (at most `pool_max_conns` connections, one reachability check),
/// where opening one per namespace made each feature a pool of its own, and `folio serve` could not close them
/// all after its drain. SQLite files are opened per namespace as before: they hold no connections to share.
final class OpenedDatabases: Sendable {
    private let opened = Mutex<[String: PostgresDatabase]>([:])
    private let conflictObservers = Mutex<[@Sendable (String) -> Void]>([])

    /// Calls `observer` for each serialisation conflict of every PostgreSQL database, opened now or later.
    func observeConflicts(_ observer: @escaping @Sendable (_ namespace: String) -> Void) {
        conflictObservers.withLock { $0.append(observer) }
        for database in postgres { database.observeConflicts(observer) }
    }

    /// The database `selection` names, opened on first use.
    func database(_ selection: DatabaseSelection, timing: Timing) throws -> any KeyValueDatabase {
        guard case .postgres = selection else { return try selection.open(timing: timing) }
        return try opened.withLock { opened in
            if let database = opened[selection.location] { return database }
            guard let database = try selection.open(timing: timing) as? PostgresDatabase else {
                return try selection.open(timing: timing)
            }
            opened[selection.location] = database
            for observer in conflictObservers.withLock({ $0 }) { database.observeConflicts(observer) }
            return database
        }
    }

    /// Every PostgreSQL database opened so far.
    var postgres: [PostgresDatabase] { opened.withLock { Array($0.values) } }

    /// Closes every pool: after `folio serve` has drained, so no request in flight loses its connection.
    func close() async {
        for database in postgres { await database.close() }
    }
}
