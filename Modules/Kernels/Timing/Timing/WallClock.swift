import Foundation

/// A source of the current calendar date and time.
public protocol WallClock: Sendable {
    /// The current date and time.
    func now() -> Date
}

/// The operating system's wall clock.
public struct SystemWallClock: WallClock {
    /// Creates the system wall clock.
    public init() {}

    /// The current date and time from the operating system.
    public func now() -> Date { Date() }
}
