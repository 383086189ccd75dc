import Foundation

/// Copies one namespace from one store into another, whatever their backends: every record with the time it
/// was stored, its expiry and its search text, in the order the records were first stored, and the schema
/// version, in one transaction on the target.
public enum NamespaceCopy {
    /// What one namespace's copy wrote.
    public struct Outcome: Sendable, Hashable {
        /// The namespace copied.
        public var namespace: String
        /// The records the target now holds, all of them copied.
        public var records: Int
        /// The schema version the target now has.
        public var schemaVersion: Int

        /// Creates an outcome.
        public init(namespace: String, records: Int, schemaVersion: Int) {
            self.namespace = namespace
            self.records = records
            self.schemaVersion = schemaVersion
        }
    }

    /// Copies `source` into `target`.
    /// - Parameters:
    ///   - replacing: Whether the target's records are removed first (in the same transaction); without it a
    ///     target that holds records is refused and left as it was.
    ///   - excluding: Keys not copied (what belongs to one device only).
    /// - Throws: ``PersistenceError/storage(_:)`` when the target holds records and `replacing` is false, or
    ///   does not hold exactly the records copied afterwards.
    public static func copy(
        from source: any KeyValueStore, to target: any KeyValueStore, replacing: Bool, excluding: Set<String> = []
    ) async throws -> Outcome {
        let records = try await source.read { try $0.export(.all) }.filter { !excluding.contains($0.record.key) }
        let version = try await source.schemaVersion()
        let namespace = source.namespace
        let fill: @Sendable (any StoreTransaction) throws -> Void = { transaction in
            if replacing {
                try transaction.delete(.all)
            } else {
                let held = try transaction.count(.all)
                guard held == 0 else {
                    throw PersistenceError.storage("the target's \(namespace) data already holds \(held) records")
                }
            }
            for record in records { try transaction.restore(record) }
        }
        // Raising the version in the same transaction as the records: a feature opening the target afterwards
        // finds its data at the version it was written for, and runs no migration over it.
        if try await target.schemaVersion() < version {
            try await target.migrate([Migration(version: version, name: "copy of \(source.namespace)", apply: fill)])
        } else {
            try await target.write(fill)
        }
        let held = try await target.read { try $0.count(.all) }
        guard held == records.count else {
            throw PersistenceError.storage(
                "the copy of \(source.namespace) holds \(held) records where \(records.count) were copied")
        }
        return Outcome(namespace: target.namespace, records: held, schemaVersion: try await target.schemaVersion())
    }
}
