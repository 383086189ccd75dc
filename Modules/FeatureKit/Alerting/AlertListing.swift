import AlertRules
import Failures
import Foundation

/// One alert as `folio alerts list --format json` prints it and `/api/alerts` answers it.
public struct AlertListing: Codable, Sendable, Equatable {
    /// The alert's number.
    public var id: Int
    /// Its kind.
    public var kind: String
    /// The feature whose kind it is.
    public var feature: String
    /// Its condition in words.
    public var condition: String
    /// `armed`, `fired`, or why it cannot be checked (`not checked: …`).
    public var status: String
    /// How many times it has fired.
    public var firings: Int
    /// When it last fired; nil when it never has.
    public var lastFiredAt: Date?

    /// The listing of `alert`; `problem` says why it cannot be checked, when it cannot.
    public init(_ alert: StoredAlert, problem: FolioError?) {
        id = alert.id
        kind = alert.definition.kind
        feature = alert.featureID
        condition = alert.definition.summary
        status = problem.map { "not checked: \($0.what)" } ?? alert.status
        firings = alert.firings
        lastFiredAt = alert.lastFiredAt
    }
}
