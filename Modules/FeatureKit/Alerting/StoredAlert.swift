import AlertRules
import Foundation

/// An alert as the host keeps it in the `alerts` namespace, with its state.
public struct StoredAlert: Codable, Sendable, Equatable {
    /// The user's number for it.
    public var id: Int
    /// A random identity, so a firing's `Idempotency-Key` differs between two databases that both hold an alert #1.
    public var uid: String
    /// The feature whose kind it is.
    public var featureID: String
    /// What was asked for.
    public var definition: AlertDefinition
    /// When it was added.
    public var createdAt: Date
    /// The conditions that fired and still hold: each fires again only after it has cleared.
    public var firedKeys: [String]
    /// How many times it has fired: the sequence number of its firings' identities.
    public var firings: Int
    /// When it was last checked with news.
    public var lastCheckedAt: Date?
    /// When it last fired.
    public var lastFiredAt: Date?

    /// Creates an armed alert.
    public init(id: Int, uid: String, featureID: String, definition: AlertDefinition, createdAt: Date) {
        self.id = id
        self.uid = uid
        self.featureID = featureID
        self.definition = definition
        self.createdAt = createdAt
        firedKeys = []
        firings = 0
    }

    /// `armed` while no condition holds that has fired, else `fired`.
    public var status: String { firedKeys.isEmpty ? "armed" : "fired" }

    /// The alert after a reading at `date`: the firings it makes (each condition that holds and has not
    /// fired), with the conditions that no longer hold re-armed. No news changes nothing.
    public func applying(_ reading: AlertReading, at date: Date) -> (alert: StoredAlert, fired: [Firing]) {
        guard let signals = reading.signals else { return (self, []) }
        var next = self
        var fired: [Firing] = []
        let holding = Set(signals.map(\.key))
        next.firedKeys.removeAll { !holding.contains($0) }
        for signal in signals where !next.firedKeys.contains(signal.key) {
            next.firings += 1
            next.firedKeys.append(signal.key)
            next.lastFiredAt = date
            fired.append(
                Firing(
                    key: "\(uid)-\(next.firings)", alertID: id, kind: definition.kind, title: signal.title,
                    body: signal.body, link: signal.link, firedAt: date))
        }
        next.lastCheckedAt = date
        return (next, fired)
    }
}

/// One firing of an alert: what is delivered, under an identity that never changes.
public struct Firing: Codable, Sendable, Equatable {
    /// The firing's identity, sent as the `Idempotency-Key` header: the alert's uid and its firing number.
    public var key: String
    /// The alert's number.
    public var alertID: Int
    /// The alert's kind.
    public var kind: String
    /// The notification's title.
    public var title: String
    /// The notification's text.
    public var body: String
    /// Where to look, when there is a page.
    public var link: String?
    /// When the check that fired it ran.
    public var firedAt: Date

    /// Creates a firing.
    public init(key: String, alertID: Int, kind: String, title: String, body: String, link: String?, firedAt: Date) {
        self.key = key
        self.alertID = alertID
        self.kind = kind
        self.title = title
        self.body = body
        self.link = link
        self.firedAt = firedAt
    }
}

/// A firing waiting for its webhook, with who is delivering it now.
public struct OutboxEntry: Codable, Sendable, Equatable {
    /// What to deliver.
    public var firing: Firing
    /// The webhook it is for.
    public var target: String
    /// Deliveries tried so far.
    public var attempts: Int
    /// Why the last one failed.
    public var lastError: String?
    /// The process delivering it now, and until when its claim holds (a process that dies mid-delivery
    /// leaves the entry to the next check once the claim expires).
    public var claimedBy: String?
    /// See ``claimedBy``.
    public var claimedUntil: Date?
}
