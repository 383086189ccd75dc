import Foundation
import Money

/// An alert as `alerts` reports it.
public struct AlertRow: Codable, Sendable, Equatable {
    /// The alert's number.
    public var id: Int
    /// Ticker.
    public var symbol: String
    /// `above` or `below`.
    public var direction: String
    /// The price level.
    public var level: Amount
    /// `armed` or `fired`.
    public var status: String
    /// The price at the last check, from which the next crossing is measured.
    @NullEncodable public var referencePrice: Amount?
    /// When that price was seen.
    @NullEncodable public var referenceAt: Date?
    /// When the alert was added.
    public var createdAt: Date
    /// When it fired.
    @NullEncodable public var firedAt: Date?
    /// The price it fired at.
    @NullEncodable public var firedPrice: Amount?

    /// The CSV columns, in order.
    public static let columns = [
        "id", "symbol", "direction", "level", "status", "referencePrice", "referenceAt", "createdAt", "firedAt",
        "firedPrice",
    ]

    /// The row of an alert.
    public init(_ alert: PriceAlert) {
        id = alert.id
        symbol = alert.symbol
        direction = alert.direction.rawValue
        level = alert.level
        status = alert.status.rawValue
        referencePrice = alert.referencePrice
        referenceAt = alert.referenceAt
        createdAt = alert.createdAt
        firedAt = alert.firedAt
        firedPrice = alert.firedPrice
    }
}

/// What one check of the alerts found: what `alerts check --format json` prints.
public struct AlertCheckReport: Codable, Sendable, Equatable {
    /// When the check ran.
    public var checkedAt: Date
    /// Alerts that fired in this check.
    public var fired: [AlertRow]
    /// Every alert after the check.
    public var alerts: [AlertRow]
    /// Symbols not checked for lack of a current price.
    public var skippedSymbols: [String]

    /// The report of a check.
    public init(_ check: AlertCheck) {
        checkedAt = check.checkedAt
        fired = check.fired.map(AlertRow.init)
        alerts = check.alerts.map(AlertRow.init)
        skippedSymbols = check.skippedSymbols
    }
}
