import Foundation
import Persistence
import Synchronization

/// The one-time tokens of form posts and what each post was answered, kept in the store (the `web` namespace, so
/// SQLite and PostgreSQL alike, shared by every server on one database and kept across restarts) for a day.
///
/// A post is *claimed* before its handler runs, in one write transaction, so two copies sent at once (a double
/// click, a retry racing the original) cannot both run; the second waits for the first's answer. The answer is
/// then stored in place of the claim. An error answer releases the claim instead: nothing was applied, so the
/// same form may be sent again. When the store cannot take the answer (it went down right after the handler
/// committed), this process remembers it and gives it to a retry, storing it once the store is back.
///
/// Each write transaction of the handler also marks the claim *applied*, in that same transaction
/// (``hook(_:claim:)``, a ``WriteHook``), and fails when the claim is no longer its own. So a copy that finds a
/// claim whose server is gone (killed between the commit and storing the answer, or before the commit) knows
/// which it was: applied, it is answered that it was ("already applied", never applied again); not applied, it
/// takes the claim over and runs, and the old handler, should it still be running, cannot commit after that.
public final class FormReplays: Sendable {
    /// Where the records live in the store.
    static let prefix = "once/"
    /// How long a token is remembered: far longer than any retry.
    static let lifetime: TimeInterval = 24 * 3600
    /// A claim older than this by the wall clock is taken as its server's last act whoever that server is: no
    /// handler runs this long (the drain deadline is seconds).
    static let abandonedAfter: TimeInterval = 120
    /// How long a copy waits for the claim of another server still running before it takes the claim over (or,
    /// when the claim was applied, answers that it was).
    let patience: Duration
    private let store: any KeyValueStore
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Tells this process's claims from other servers' (and from a crashed run's).
    private let server: ServerProcess
    private let local = Mutex(Local())

    private struct Local {
        /// Requests of this process claiming or handling each key.
        var inFlight: [String: Int] = [:]
        /// Answers (or releases) the store could not take yet, by stored key, with the claim they answer.
        var unsettled: [String: (claim: String, outcome: FormOutcome?)] = [:]
        var lastSweep: Date?
    }

    /// What to do with a post.
    public enum Claim: Sendable, Equatable {
        /// Run it under this claim (``hook(_:claim:)`` marks its writes): the token is new, or its earlier copy
        /// was never applied and its server is gone.
        case claimed(String)
        /// Answer it as the first copy was answered (or, when the first copy's server stopped after applying it,
        /// with the "already applied" answer).
        case replay(FormOutcome)
        /// The token was claimed by a post to another path: nothing tells what this one would do.
        case unknown
    }

    struct Record: Codable {
        var path: String
        /// The server process that claimed it (``ServerProcess/token``).
        var owner: String
        var outcome: FormOutcome?
        /// The claim's own id: a takeover gives it a new one, which the old handler's writes then fail on.
        var claim: String?
        /// Whether a write transaction of the handler committed.
        var applied: Bool?
        var host: String?
        var pid: Int32?
        var claimedAt: Date?
    }

    private enum Found {
        case claimed(String), replay(FormOutcome), unknown, pending
    }

    /// Keeps tokens in `store`, expiring them by `now`; a copy waits for another server's copy in flight for up
    /// to `patience`, checking every 50 ms through `sleep`.
    public convenience init(
        store: any KeyValueStore, now: @escaping @Sendable () -> Date, patience: Duration = .seconds(15),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(store: store, now: now, patience: patience, sleep: sleep, server: ServerProcess())
    }

    init(
        store: any KeyValueStore, now: @escaping @Sendable () -> Date, patience: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void, server: ServerProcess
    ) {
        self.store = store
        self.now = now
        self.patience = patience
        self.sleep = sleep
        self.server = server
    }

    /// The stored key of `token`: its digest, so the table never holds a token a reader could post.
    static func key(_ token: String) -> String { prefix + Secrets.digest(token) }

    /// Claims `token` for a post to `path`, or says how the post was answered before; `alreadyApplied` is the
    /// answer when an earlier copy was applied and its server stopped before answering.
    /// - Throws: What the store throws (the caller then lets the post through to the outage's answer).
    public func claim(_ token: String, path: String, alreadyApplied: FormOutcome) async throws -> Claim {
        let key = Self.key(token)
        if let settled = try await settleLocally(key) { return .replay(settled) }
        try? await sweepIfDue()
        local.withLock { $0.inFlight[key, default: 0] += 1 }
        var claimed = false
        defer { if !claimed { leave(key) } }
        var waited = Duration.zero
        while true {
            if case .some(.some(let kept)) = local.withLock({ $0.unsettled[key]?.outcome }) { return .replay(kept) }
            let (server, now, lifetime, patient) = (server, now(), Self.lifetime, waited < patience)
            let id = Secrets.randomToken()
            let found = try await store.write { transaction -> Found in
                // Read at each attempt, before its first statement: a copy of this process that left after storing
                // its answer did so before this attempt's snapshot, which then holds the answer. Read once before
                // the transaction, a retried attempt (a conflict with the other copy's claim) would judge the claim
                // it lost to by a count from before that copy arrived, and take it over.
                let othersHere = self.local.withLock { $0.inFlight[key, default: 0] } > 1
                if let entry = try transaction.get(Record.self, key), entry.expiresAt.map({ $0 > now }) ?? true {
                    let record = entry.value
                    if let outcome = record.outcome { return record.path == path ? .replay(outcome) : .unknown }
                    guard record.path == path else { return .unknown }
                    let gone =
                        record.owner == server.token
                        ? !othersHere
                        : !patient || server.seesGone(record, now: now, abandonedAfter: Self.abandonedAfter)
                    guard gone else { return .pending }
                    if record.applied == true {
                        var answered = record
                        answered.outcome = alreadyApplied
                        try transaction.put(key, answered, expiresAt: entry.expiresAt)
                        return .replay(alreadyApplied)
                    }
                }
                try transaction.put(
                    key,
                    Record(
                        path: path, owner: server.token, claim: id, host: server.host, pid: server.pid, claimedAt: now),
                    expiresAt: now.addingTimeInterval(lifetime))
                return .claimed(id)
            }
            switch found {
            case .claimed(let id):
                claimed = true
                return .claimed(id)
            case .replay(let outcome): return .replay(outcome)
            case .unknown: return .unknown
            case .pending:
                try await sleep(.milliseconds(50))
                waited += .milliseconds(50)
            }
        }
    }

    /// The step that marks `claim` applied in each write transaction of its handler, failing the transaction
    /// when another copy has taken the claim over.
    public func hook(_ token: String, claim: String) -> WriteHook {
        let key = Self.key(token)
        return WriteHook(namespace: store.namespace) { transaction in
            // No record: this database is not the one the claim lives in.
            guard let entry = try transaction.get(Record.self, key) else { return }
            guard entry.value.claim == claim else {
                throw PersistenceError.storage(
                    "another copy of this form took it over while it was being handled; nothing of this one was stored"
                )
            }
            guard entry.value.applied != true else { return }
            var record = entry.value
            record.applied = true
            try transaction.put(key, record, expiresAt: entry.expiresAt)
        }
    }

    /// Stores how the claimed post was answered, or releases its claim when `outcome` is nil (an error answer)
    /// and none of its writes committed. Never throws: an answer the store cannot take is kept here for a retry.
    public func finish(_ token: String, claim: String, outcome: FormOutcome?) async {
        let key = Self.key(token)
        do {
            try await store(outcome, claim: claim, at: key)
        } catch {
            local.withLock { $0.unsettled[key] = (claim, outcome) }
        }
        // Only now: a copy waiting on the claim would otherwise find it pending with no one handling it.
        leave(key)
    }

    private func leave(_ key: String) {
        local.withLock { state in
            let count = state.inFlight[key, default: 1] - 1
            state.inFlight[key] = count > 0 ? count : nil
        }
    }

    /// Only while the claim is still `claim`'s: after a takeover the answer is the other copy's to give. An error
    /// answer of a handler that committed a write keeps the claim: a retry is then told it was applied.
    private func store(_ outcome: FormOutcome?, claim: String, at key: String) async throws {
        let (now, lifetime) = (now(), Self.lifetime)
        try await store.write { transaction in
            guard let entry = try transaction.get(Record.self, key), entry.value.claim == claim else { return }
            guard let outcome else {
                if entry.value.applied != true { try transaction.delete(key) }
                return
            }
            var record = entry.value
            record.outcome = outcome
            try transaction.put(key, record, expiresAt: now.addingTimeInterval(lifetime))
        }
    }

    /// An answer this process kept because the store could not take it: stored now if possible, and given back
    /// whether or not (a release gives nothing back: the post is claimed again and runs).
    private func settleLocally(_ key: String) async throws -> FormOutcome? {
        guard let kept = local.withLock({ $0.unsettled[key] }) else { return nil }
        do {
            try await store(kept.outcome, claim: kept.claim, at: key)
            local.withLock { _ = $0.unsettled.removeValue(forKey: key) }
        } catch  where kept.outcome == nil {
            // The claim could not be released, so the post cannot be claimed either: the store is down.
            throw error
        } catch {}
        return kept.outcome
    }

    /// Removes expired tokens at most every ten minutes: a claim is one small write, a sweep a scan.
    private func sweepIfDue() async throws {
        let now = now()
        let due = local.withLock { state -> Bool in
            guard state.lastSweep.map({ now.timeIntervalSince($0) >= 600 }) ?? true else { return false }
            state.lastSweep = now
            return true
        }
        guard due else { return }
        try await store.write { transaction in
            for record in try transaction.scan(.prefix(Self.prefix), limit: nil, reverse: false)
            where record.expiresAt.map({ $0 <= now }) ?? false {
                try transaction.delete(record.key)
            }
        }
    }
}
