import Persistence
import PostgresNIO

/// Which Folio data a connection reaches, as the server itself tells it: the same cluster, database and schema
/// however the URL spells the host (`localhost`, `127.0.0.1`, `[::1]`, a DNS alias). Comparing URL text would let
/// `db copy --force` replace the very data it reads from.
public struct PostgresServerIdentity: Sendable, Hashable {
    /// The cluster's `system_identifier` (from `pg_control_system()`), unique per `initdb`; where a hosted
    /// server withholds that function, its address and port as the server sees them.
    public var cluster: String
    /// `current_database()`.
    public var database: String
    /// The schema that holds Folio's tables.
    public var schema: String

    /// Creates an identity.
    public init(cluster: String, database: String, schema: String) {
        self.cluster = cluster
        self.database = database
        self.schema = schema
    }
}

extension PostgresDatabase {
    /// Asks the server who it is.
    /// - Throws: ``PersistenceError/unavailable(_:cause:)`` when it cannot be reached.
    public func identity() async throws -> PostgresServerIdentity {
        let schema = tables.schema
        return try await withConnection(namespace: "", prepare: false) { transaction in
            let rows = try transaction.rows(
                """
                SELECT CASE WHEN has_function_privilege('pg_catalog.pg_control_system()', 'EXECUTE')
                    THEN (SELECT system_identifier::text FROM pg_catalog.pg_control_system())
                    ELSE coalesce(host(inet_server_addr()), 'local socket') || ':' || coalesce(inet_server_port(), 0)
                END, current_database()
                """)
            guard let row = rows.first else {
                throw PersistenceError.storage("the server did not say which cluster it is")
            }
            let (cluster, database) = try row.decode((String, String).self)
            return PostgresServerIdentity(cluster: cluster, database: database, schema: schema)
        }
    }
}
