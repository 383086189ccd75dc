import Foundation
import Money

/// A price alert as this feature kept it per account before the host kept every feature's alerts: read only
/// by the host's one-time import (``LegacyAlertsService``), and its direction by stock alerts.
public struct PriceAlert: Codable, Sendable, Equatable {
    /// Which way the price must cross the level.
    public enum Direction: String, Codable, Sendable {
        /// From below the level to at or above it.
        case above
        /// From above the level to at or below it.
        case below
    }

    /// Whether the alert can still fire.
    public enum Status: String, Codable, Sendable {
        /// Waiting for a crossing.
        case armed
        /// Fired; stays so until re-armed.
        case fired
    }

    /// The user's number for the alert.
    public var id: Int
    /// Ticker.
    public var symbol: String
    /// Crossing direction.
    public var direction: Direction
    /// The price level.
    public var level: Amount
    /// Armed or fired.
    public var status: Status
    /// The price seen at the last check (or when armed): the "before" of the next crossing test.
    public var referencePrice: Amount?
    /// When that price was seen.
    public var referenceAt: Date?
    /// When the alert was created.
    public var createdAt: Date
    /// When it fired.
    public var firedAt: Date?
    /// The price that fired it.
    public var firedPrice: Amount?

    /// Creates an armed alert whose first crossing test starts from `referencePrice`.
    public init(
        id: Int, symbol: String, direction: Direction, level: Amount, referencePrice: Amount?, createdAt: Date
    ) {
        self.id = id
        self.symbol = symbol
        self.direction = direction
        self.level = level
        status = .armed
        self.referencePrice = referencePrice
        referenceAt = referencePrice == nil ? nil : createdAt
        self.createdAt = createdAt
    }
}
