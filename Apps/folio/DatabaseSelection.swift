import Failures
import FeatureKit
import Foundation
import Persistence
import PersistencePostgres
import PersistenceSQLite
import Settings
import Timing

/// Which database the host opens: the SQLite file in `FOLIO_HOME` (the default), or a PostgreSQL server that
/// several machines share, named by `--database-url`, then `FOLIO_DATABASE_URL`, then `database.url` in
/// `config.json`.
enum DatabaseSelection: Sendable {
    case sqlite(URL)
    case postgres(PostgresLocation)

    static let key = ConfigKey("database.url", environment: "FOLIO_DATABASE_URL")

    /// Resolves the selection.
    /// - Throws: ``FolioError`` (usage) when the URL is not a database URL; the message masks its password.
    static func resolve(flag: String?, configuration: Configuration, home: URL) throws -> DatabaseSelection {
        guard let text = flag.flatMap({ $0.isEmpty ? nil : $0 }) ?? configuration.string(key) else {
            return .sqlite(LiveContext.databaseURL(home: home))
        }
        do {
            return .postgres(try PostgresLocation(parsing: text))
        } catch let error as PersistenceError {
            throw FolioError(
                .usage, "the database URL is not usable",
                why: error.description.replacingOccurrences(
                    of: "storage failed: ", with: ""),
                hint: "use postgres://user:password@host:5432/database (--database-url, FOLIO_DATABASE_URL or "
                    + "database.url in config.json)")
        }
    }

    /// What `folio db status` and messages show: the backend and where it is, passwords masked.
    var backend: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }

    var location: String {
        switch self {
        case .sqlite(let url): url.path
        case .postgres(let location): location.masked
        }
    }

    /// Opens the backend.
    func open(timing: Timing) throws -> any KeyValueDatabase {
        switch self {
        case .sqlite(let url): try SQLiteDatabase(fileURL: url, now: { timing.now() })
        case .postgres(let location): try PostgresDatabase(location: location, now: { timing.now() })
        }
    }

    /// The store for `namespace`, in the database `opened` holds for this selection (one pool per process); on a
    /// shared server, the records that belong to this device alone (`deviceLocalKeys`, the feature's
    /// ``FeatureDescriptor/deviceLocalKeys``) stay in the SQLite file in `home`.
    func store(
        namespace: String, opened: OpenedDatabases, home: URL, timing: Timing, deviceLocalKeys: Set<String> = []
    ) throws -> any KeyValueStore {
        store(
            namespace: namespace, in: try opened.database(self, timing: timing), home: home, timing: timing,
            deviceLocalKeys: deviceLocalKeys)
    }

    /// The store for `namespace` in `database`, opened by ``open(timing:)``: for a command that goes through
    /// several namespaces on one connection pool.
    func store(
        namespace: String, in database: any KeyValueDatabase, home: URL, timing: Timing,
        deviceLocalKeys keys: Set<String> = []
    ) -> any KeyValueStore {
        let shared = database.store(namespace: namespace)
        guard case .postgres = self, !keys.isEmpty else { return shared }
        let local = LazyKeyValueStore(namespace: namespace) {
            try SQLiteDatabase(fileURL: LiveContext.databaseURL(home: home), now: { timing.now() })
                .store(namespace: namespace)
        }
        return DeviceLocalStore(shared: shared, local: local, localKeys: keys, now: { timing.now() })
    }
}
