import AlertRules
import Foundation

/// What one check of every alert did: what fired, what could not be checked and why, and the webhook's outcome.
public struct AlertCheckReport: Codable, Sendable, Equatable {
    /// An alert the check could not read a source for.
    public struct NotChecked: Codable, Sendable, Equatable {
        /// The alert's number.
        public var alertId: Int
        /// Its kind.
        public var kind: String
        /// Its condition in words.
        public var summary: String
        /// Why: its feature is disabled or not installed, or its source failed or had no news.
        public var reason: String
    }

    /// A firing the webhook did not take this time; it stays in the outbox for the next check.
    public struct Undelivered: Codable, Sendable, Equatable {
        /// The firing's identity.
        public var key: String
        /// Its title.
        public var title: String
        /// Why the delivery failed.
        public var reason: String
    }

    /// When the check ran.
    public var checkedAt: Date
    /// The firings of this check.
    public var fired: [Firing]
    /// Alerts not checked, with the reason.
    public var notChecked: [NotChecked]
    /// Identities of the firings the webhook took (this check's and earlier ones').
    public var delivered: [String]
    /// Firings still waiting for the webhook.
    public var undelivered: [Undelivered]
    /// For each kind checked, when each of its alerts' sources can next have news (nil: at the kind's rate).
    /// What the schedule reads; not part of the report a person sees.
    public var nextChecks: [String: [Duration?]] = [:]

    /// Creates a report.
    public init(
        checkedAt: Date, fired: [Firing], notChecked: [NotChecked], delivered: [String], undelivered: [Undelivered],
        nextChecks: [String: [Duration?]] = [:]
    ) {
        self.checkedAt = checkedAt
        self.fired = fired
        self.notChecked = notChecked
        self.delivered = delivered
        self.undelivered = undelivered
        self.nextChecks = nextChecks
    }

    private enum CodingKeys: String, CodingKey {
        case checkedAt, fired, notChecked, delivered, undelivered
    }
}
