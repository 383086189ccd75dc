import Foundation
import Money

/// A price level to be told about when a stock crosses it.
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

    /// Whether the move from `previous` to `current` crosses the level in the alert's direction:
    /// above: `previous < level ≤ current`; below: `previous > level ≥ current`.
    public func crosses(from previous: Amount, to current: Amount) -> Bool {
        switch direction {
        case .above: previous < level && current >= level
        case .below: previous > level && current <= level
        }
    }

    /// The alert after a check that saw `price` at `date`, and whether this check fired it. A fired alert
    /// stays fired (and its reference is left alone) until ``rearmed(price:at:)``.
    public func checked(price: Amount, at date: Date) -> (alert: PriceAlert, fired: Bool) {
        guard status == .armed else { return (self, false) }
        var next = self
        let fired = referencePrice.map { crosses(from: $0, to: price) } ?? false
        next.referencePrice = price
        next.referenceAt = date
        if fired {
            next.status = .fired
            next.firedAt = date
            next.firedPrice = price
        }
        return (next, fired)
    }

    /// The alert armed again, its next crossing measured from `price`.
    public func rearmed(price: Amount?, at date: Date) -> PriceAlert {
        var next = self
        next.status = .armed
        next.firedAt = nil
        next.firedPrice = nil
        next.referencePrice = price
        next.referenceAt = price == nil ? nil : date
        return next
    }
}
