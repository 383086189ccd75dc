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
public final class FormReplays: Sendable {
    /// Where the records live in the store.
    static let prefix = "once/"
    /// How long a token is remembered: far longer than any retry.
    static let lifetime: TimeInterval = 24 * 3600
    /// How long a copy waits for the claim of one still being handled before it is answered that it cannot tell.
    let patience: Duration
    private let store: any KeyValueStore
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Tells this process's claims from other servers' (and from a crashed run's).
    private let owner = Secrets.randomToken()
    private let local = Mutex(Local())

    private struct Local {
        /// Requests of this process claiming or handling each key.
        var inFlight: [String: Int] = [:]
        /// Answers (or releases) the store could not take yet, by stored key.
        var unsettled: [String: FormOutcome?] = [:]
        var lastSweep: Date?
    }

    /// What to do with a post.
    public enum Claim: Sendable, Equatable {
        /// Run it: this is the first time the token is seen.
        case claimed
        /// Answer it as the first copy was answered.
        case replay(FormOutcome)
        /// Another copy was claimed and never answered (its server stopped while handling it): it may or may not
        /// have been applied.
        case unknown
    }

    private struct Record: Codable {
        var path: String
        var owner: String
        var outcome: FormOutcome?
    }

    /// Keeps tokens in `store`, expiring them by `now`; a copy waits for another in flight for up to `patience`,
    /// checking every 50 ms through `sleep`.
    public init(
        store: any KeyValueStore, now: @escaping @Sendable () -> Date, patience: Duration = .seconds(15),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.store = store
        self.now = now
        self.patience = patience
        self.sleep = sleep
    }

    /// The stored key of `token`: its digest, so the table never holds a token a reader could post.
    static func key(_ token: String) -> String { prefix + Secrets.digest(token) }

    /// Claims `token` for a post to `path`, or says how the post was answered before.
    /// - Throws: What the store throws (the caller then lets the post through to the outage's answer).
    public func claim(_ token: String, path: String) async throws -> Claim {
        let key = Self.key(token)
        if let settled = try await settleLocally(key) { return .replay(settled) }
        try? await sweepIfDue()
        local.withLock { $0.inFlight[key, default: 0] += 1 }
        var claimed = false
        defer { if !claimed { leave(key) } }
        var waited = Duration.zero
        while true {
            // Read before the transaction: a copy of this process that left after storing its answer did so before
            // this transaction's snapshot, which then holds the answer.
            let othersHere = local.withLock { $0.inFlight[key, default: 0] } > 1
            let (owner, now, lifetime) = (owner, now(), Self.lifetime)
            let found = try await store.write { transaction -> Record? in
                if let entry = try transaction.get(Record.self, key), entry.expiresAt.map({ $0 > now }) ?? true {
                    return entry.value
                }
                try transaction.put(
                    key, Record(path: path, owner: owner, outcome: nil), expiresAt: now.addingTimeInterval(lifetime))
                return nil
            }
            guard let found else {
                claimed = true
                return .claimed
            }
            if let outcome = found.outcome { return found.path == path ? .replay(outcome) : .unknown }
            // A claim of this process no longer in flight lost its answer with the store: nothing tells what it did.
            let orphaned = found.owner == self.owner && !othersHere
            if orphaned, case .some(.some(let kept)) = local.withLock({ $0.unsettled[key] }) { return .replay(kept) }
            if orphaned || waited >= patience { return .unknown }
            try await sleep(.milliseconds(50))
            waited += .milliseconds(50)
        }
    }

    /// Stores how the claimed post was answered, or releases its claim when `outcome` is nil (an error answer:
    /// nothing was applied). Never throws: an answer the store cannot take is kept here for a retry.
    public func finish(_ token: String, outcome: FormOutcome?) async {
        let key = Self.key(token)
        do {
            try await store(outcome, at: key)
        } catch {
            local.withLock { $0.unsettled[key] = .some(outcome) }
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

    private func store(_ outcome: FormOutcome?, at key: String) async throws {
        let (owner, now, lifetime) = (owner, now(), Self.lifetime)
        try await store.write { transaction in
            guard let outcome else { return try transaction.delete(key) }
            let path = try transaction.value(Record.self, key)?.path ?? ""
            try transaction.put(
                key, Record(path: path, owner: owner, outcome: outcome), expiresAt: now.addingTimeInterval(lifetime))
        }
    }

    /// An answer this process kept because the store could not take it: stored now if possible, and given back
    /// whether or not (a release gives nothing back: the post is claimed again and runs).
    private func settleLocally(_ key: String) async throws -> FormOutcome? {
        guard let kept = local.withLock({ $0.unsettled[key] }) else { return nil }
        do {
            try await store(kept, at: key)
            local.withLock { _ = $0.unsettled.removeValue(forKey: key) }
        } catch  where kept == nil {
            // The claim could not be released, so the post cannot be claimed either: the store is down.
            throw error
        } catch {}
        return kept
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
