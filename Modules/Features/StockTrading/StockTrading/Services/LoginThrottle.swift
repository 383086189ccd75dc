import Foundation
import Persistence
import Timing

/// Slows password guessing down: after each consecutive failed login for an account, the next attempt on that
/// account is refused unchecked until a delay has passed — 0.5 s after the first failure, doubling with each
/// further one up to 30 s. A client address is slowed the same way only after ``clientAllowance`` failures across
/// accounts: one person's typo on their own account never makes another account's correct login wait on a shared
/// address (a household behind one router, every browser of `folio serve` on loopback), while guessing across
/// many accounts from one address still is slowed. A successful login clears its account's count; a client's count
/// starts again after ``clientWindow`` without a failure (a success does not clear it, or one account of one's
/// own would reset it between guesses at the others).
///
/// Refusing early rather than sleeping keeps no connection open and gives parallel guesses no head start;
/// the failures live in the store, so the delay holds across CLI runs and server restarts.
public struct LoginThrottle: Sendable {
    /// The delay after the first failure.
    public static let firstDelay: Duration = .milliseconds(500)
    /// The longest delay, however many failures follow.
    public static let longestDelay: Duration = .seconds(30)

    /// Failures from one client address, across accounts, before that address is slowed down too.
    public static let clientAllowance = 10
    /// How long after its last failure a client address's count starts again.
    public static let clientWindow: TimeInterval = 15 * 60

    private let store: any KeyValueStore
    private let timing: Timing

    /// Creates the throttle over the feature's store and wall clock.
    public init(store: any KeyValueStore, timing: Timing) {
        self.store = store
        self.timing = timing
    }

    /// The wait after `failures` consecutive failures: zero, then 0.5 s, 1 s, 2 s … capped at 30 s.
    public static func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        // The exponent stops growing long after the cap is reached, so the shift cannot overflow.
        return min(firstDelay * (1 << min(failures - 1, 16)), longestDelay)
    }

    /// How long the account (and the client, when known) must still wait before a password is checked.
    public func remainingDelay(email: String, client: String?) async throws -> Duration {
        let now = timing.now()
        var longest = Duration.zero
        for (key, allowance) in Self.limits(email: email, client: client) {
            guard let record = try await store.get(FailedLogins.self, key)?.value else { continue }
            let failures = Self.current(record, allowance: allowance, at: now)
            let until = record.last.addingTimeInterval(Self.seconds(Self.delay(afterFailures: failures - allowance)))
            let left = until.timeIntervalSince(now)
            if left > 0 { longest = max(longest, .milliseconds(Int((left * 1000).rounded(.up)))) }
        }
        return longest
    }

    /// Counts one more failure for the account and the client.
    public func failed(email: String, client: String?) async throws {
        let now = timing.now()
        let limits = Self.limits(email: email, client: client)
        try await store.write { transaction in
            for (key, allowance) in limits {
                let count =
                    try transaction.value(FailedLogins.self, key).map {
                        Self.current($0, allowance: allowance, at: now)
                    } ?? 0
                try transaction.put(key, FailedLogins(count: count + 1, last: now))
            }
        }
    }

    /// Clears the account's failures after a successful login (the client's stay: see the type's discussion).
    public func succeeded(email: String, client: String?) async throws {
        let key = StorageKeys.failedLogins(account: CredentialRules.normalizedEmail(email))
        try await store.write { transaction in try transaction.delete(key) }
    }

    /// Each count that applies, with the failures it allows before it slows anything down.
    private static func limits(email: String, client: String?) -> [(key: String, allowance: Int)] {
        [(StorageKeys.failedLogins(account: CredentialRules.normalizedEmail(email)), 0)]
            + (client.map { [(StorageKeys.failedLogins(client: $0), clientAllowance)] } ?? [])
    }

    /// A count as it stands `now`: a client's starts again after ``clientWindow`` without a failure.
    private static func current(_ record: FailedLogins, allowance: Int, at now: Date) -> Int {
        allowance > 0 && now.timeIntervalSince(record.last) > clientWindow ? 0 : record.count
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Consecutive failed logins for one account or client, and when the last one happened.
struct FailedLogins: Codable, Sendable {
    var count: Int
    var last: Date
}
