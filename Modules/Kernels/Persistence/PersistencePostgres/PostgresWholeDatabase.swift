import Foundation
import Persistence
import PostgresNIO

extension PostgresDatabase: WholeDatabase {
    /// Every namespace read in one REPEATABLE READ snapshot.
    public func snapshot(_ namespaces: [String], excluding: [String: Set<String>]) async throws -> [NamespaceContents] {
        let tables = tables
        return try await transaction(namespace: "", isolation: .snapshot) { transaction in
            try namespaces.map { namespace in
                try transaction.switchNamespace(to: namespace)
                let excluded = excluding[namespace] ?? []
                return NamespaceContents(
                    namespace: namespace,
                    schemaVersion: try Self.version(of: namespace, tables: tables, on: transaction),
                    records: try transaction.export(.all).filter { !excluded.contains($0.record.key) })
            }
        }
    }

    /// Every namespace written in one serialisable transaction, run again whole after a conflict.
    public func load(_ contents: [NamespaceContents], replacing: Bool, keeping: [String: Set<String>]) async throws {
        let tables = tables
        try await transaction(namespace: "", isolation: .serializable) { transaction in
            for namespace in contents {
                try transaction.switchNamespace(to: namespace.namespace)
                try NamespaceLoad.fill(
                    transaction, with: namespace, replacing: replacing, keeping: keeping[namespace.namespace] ?? [])
                try transaction.flush()
                var binds = PostgresBindings()
                binds.append(namespace.namespace)
                guard namespace.schemaVersion > 0 else {
                    try transaction.execute("DELETE FROM \(tables.namespaces) WHERE namespace = $1", binds)
                    continue
                }
                binds.append(namespace.schemaVersion)
                try transaction.execute(
                    """
                    INSERT INTO \(tables.namespaces) (namespace, version) VALUES ($1, $2)
                    ON CONFLICT (namespace) DO UPDATE SET version = excluded.version
                    """, binds)
            }
        }
    }

    private static func version(
        of namespace: String, tables: PostgresTables, on transaction: PostgresTransaction
    )
        throws -> Int
    {
        var binds = PostgresBindings()
        binds.append(namespace)
        let rows = try transaction.rows("SELECT version FROM \(tables.namespaces) WHERE namespace = $1", binds)
        return try rows.first.map { try $0.decode(Int.self) } ?? 0
    }
}
