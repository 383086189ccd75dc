import Foundation
import Persistence
import Timing

/// Slows password guessing down: after each consecutive failed login for an account, and separately for a
/// client address, the next attempt is refused unchecked until a delay has passed — 0.5 s after the first
/// failure, doubling with each further one up to 30 s. A successful login clears both counts.
///
/// Refusing early rather than sleeping keeps no connection open and gives parallel guesses no head start;
/// the failures live in the store, so the delay holds across CLI runs and server restarts.
public struct LoginThrottle: Sendable {
    /// The delay after the first failure.
    public static let firstDelay: Duration = .milliseconds(500)
    /// The longest delay, however many failures follow.
    public static let longestDelay: Duration = .seconds(30)

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
        for key in Self.keys(email: email, client: client) {
            guard let record = try await store.get(FailedLogins.self, key)?.value else { continue }
            let until = record.last.addingTimeInterval(Self.seconds(Self.delay(afterFailures: record.count)))
            let left = until.timeIntervalSince(now)
            if left > 0 { longest = max(longest, .milliseconds(Int((left * 1000).rounded(.up)))) }
        }
        return longest
    }

    /// Counts one more failure for the account and the client.
    public func failed(email: String, client: String?) async throws {
        let now = timing.now()
        let keys = Self.keys(email: email, client: client)
        try await store.write { transaction in
            for key in keys {
                let count = (try transaction.value(FailedLogins.self, key)?.count ?? 0) + 1
                try transaction.put(key, FailedLogins(count: count, last: now))
            }
        }
    }

    /// Clears the account's and the client's failures after a successful login.
    public func succeeded(email: String, client: String?) async throws {
        let keys = Self.keys(email: email, client: client)
        try await store.write { transaction in
            for key in keys { try transaction.delete(key) }
        }
    }

    private static func keys(email: String, client: String?) -> [String] {
        [StorageKeys.failedLogins(account: CredentialRules.normalizedEmail(email))]
            + (client.map { [StorageKeys.failedLogins(client: $0)] } ?? [])
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
