import GRDB
import Persistence
import Synchronization

/// What a server's page views read from SQLite, kept for the next views while the file is unchanged.
///
/// A view (a ``SnapshotScope``) asks the connection once for a stamp of the file's state: `PRAGMA data_version`,
/// which changes when another connection (another process) commits, with this connection's own commits counted
/// here, before and after each. Every read of the view is then answered from what reads at the same stamp were
/// told (``StateMemory``), and only a question not asked yet at that state reads the file. Nothing is kept past a
/// write: the next view stamps anew, and a write of the view's own makes its later reads stamp anew.
final class SQLiteSharedReads: Sendable {
    private let memory = StateMemory()
    /// This connection's write transactions, counted as each begins and as it ends: `data_version` does not see them.
    private let commits = Atomic<Int>(0)
    /// The answers each scope's reads use, from its first read until the scope ends or writes.
    private let scopes = Mutex<[ObjectIdentifier: ReadAnswers]>([:])

    /// The answers `scope`'s reads use, nil before its first read has stamped the state.
    func answers(for scope: SnapshotScope) -> ReadAnswers? {
        scopes.withLock { $0[ObjectIdentifier(scope)] }
    }

    /// Stamps the state `db` is in for `scope` (before the read that needs it reads anything) and returns the
    /// answers given at it.
    func stamp(_ scope: SnapshotScope, in db: Database) throws -> ReadAnswers {
        let version = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        let answers = memory.answers(at: "\(version) \(commits.load(ordering: .sequentiallyConsistent))")
        let key = ObjectIdentifier(scope)
        let first = scopes.withLock { scopes in
            defer { scopes[key] = answers }
            return scopes[key] == nil
        }
        if first, !scope.onEnd({ [weak self] in self?.forget(key) }) { forget(key) }
        return answers
    }

    /// Runs a write of this connection: the state it leaves is never taken for the one before it, and the scope
    /// it runs in stamps again on its next read.
    func writing<R>(_ body: () throws -> R) rethrows -> R {
        commits.add(1, ordering: .sequentiallyConsistent)
        defer {
            commits.add(1, ordering: .sequentiallyConsistent)
            if let scope = SnapshotScope.current {
                forget(ObjectIdentifier(scope))
                scope.forgetShared()
            }
        }
        return try body()
    }

    private func forget(_ key: ObjectIdentifier) {
        _ = scopes.withLock { $0.removeValue(forKey: key) }
    }
}
