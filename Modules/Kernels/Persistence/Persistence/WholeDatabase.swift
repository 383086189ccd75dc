import Foundation

/// One namespace whole: its schema version and every record, in the order the records were first stored.
public struct NamespaceContents: Sendable, Hashable {
    /// The namespace.
    public var namespace: String
    /// Its schema version, 0 before any migration.
    public var schemaVersion: Int
    /// Every record with its search text, in the order ``StoreTransaction/export(_:)`` reads them.
    public var records: [ExportedRecord]

    /// Creates the contents of a namespace.
    public init(namespace: String, schemaVersion: Int, records: [ExportedRecord]) {
        self.namespace = namespace
        self.schemaVersion = schemaVersion
        self.records = records
    }
}

/// One namespace of a database: its name, schema version and record count, as `folio db status`, an export's
/// header and a backup's check list them.
public struct NamespaceSummary: Codable, Sendable, Hashable {
    /// The namespace (a feature's id, or the host's).
    public var namespace: String
    /// Its schema version, 0 before any migration.
    public var schemaVersion: Int
    /// How many records it holds.
    public var records: Int

    /// Creates a summary.
    public init(namespace: String, schemaVersion: Int, records: Int) {
        self.namespace = namespace
        self.schemaVersion = schemaVersion
        self.records = records
    }
}

/// A database that reads or writes several namespaces in one transaction: an export of a whole household is one
/// snapshot, never a mix of before and after another process's write, and an import commits all or nothing.
public protocol WholeDatabase: KeyValueDatabase {
    /// The schema version and every record of each of `namespaces`, read in one snapshot, in the order given.
    /// - Parameter excluding: Keys by namespace that are left out (what belongs to one device only).
    func snapshot(_ namespaces: [String], excluding: [String: Set<String>]) async throws -> [NamespaceContents]

    /// Writes `contents` in one transaction: each namespace's records, in order, with their stored times, and its
    /// schema version.
    /// - Parameters:
    ///   - replacing: Whether each namespace's records are removed first; without it a namespace that holds any
    ///     record is refused and nothing is written.
    ///   - keeping: Keys by namespace that are neither counted, removed nor written (what belongs to one device).
    /// - Throws: ``PersistenceError/storage(_:)`` naming the first namespace that holds records, when not
    ///   `replacing`.
    func load(_ contents: [NamespaceContents], replacing: Bool, keeping: [String: Set<String>]) async throws
}

/// What every backend's ``WholeDatabase/load(_:replacing:keeping:)`` does inside its transaction, namespace by
/// namespace; only the schema version is kept by each backend its own way.
public enum NamespaceLoad {
    /// Empties (or checks empty) one namespace on `transaction` and restores `contents`' records into it.
    public static func fill(
        _ transaction: any StoreTransaction, with contents: NamespaceContents, replacing: Bool, keeping: Set<String>
    ) throws {
        // The range from a key to the key followed by NUL holds that key alone.
        let kept = try keeping.sorted().flatMap { try transaction.export(KeyRange(from: $0, to: $0 + "\u{0}")) }
        if replacing {
            try transaction.delete(.all)
            for record in kept { try transaction.restore(record) }
        } else {
            let held = try transaction.count(.all) - kept.count
            guard held == 0 else {
                throw PersistenceError.storage("the \(contents.namespace) data already holds \(held) records")
            }
        }
        for record in contents.records where !keeping.contains(record.record.key) {
            try transaction.restore(record)
        }
    }
}
