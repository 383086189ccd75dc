import Foundation

/// Formats lengths of time for people: compact (`3d 4h`) or spoken (`2 minutes 5 seconds`).
///
/// Two units at most: past the first two the extra precision is noise to a reader.
public enum DurationFormat {
    private static let units: [Unit] = [
        (365 * 86_400, "y", "year", "years"),
        (86_400, "d", "day", "days"),
        (3_600, "h", "hour", "hours"),
        (60, "m", "minute", "minutes"),
        (1, "s", "second", "seconds"),
    ]

    /// The compact form of a non-negative number of seconds: `45s`, `4m 5s`, `2h 3m`, `3d 4h`, `2y 41d`.
    /// Negative input is formatted by magnitude with a leading `-`.
    public static func short(seconds: Int) -> String {
        parts(seconds: seconds).map { "\($0.count)\($0.unit.short)" }.joined(separator: " ")
            .withSign(seconds < 0)
    }

    /// The spoken form: `1 hour 2 minutes`, `45 seconds`, `0 seconds`. Negative input gives the magnitude.
    public static func spoken(seconds: Int) -> String {
        parts(seconds: seconds)
            .map { "\($0.count) \($0.count == 1 ? $0.unit.singular : $0.unit.plural)" }
            .joined(separator: " ")
    }

    /// The compact form of a `Duration`, truncated to whole seconds.
    public static func short(_ duration: Duration) -> String {
        short(seconds: Int(duration.components.seconds))
    }

    private typealias Unit = (seconds: Int, short: String, singular: String, plural: String)

    /// The largest unit that fits, then the next smaller unit when it is not zero.
    private static func parts(seconds: Int) -> [(count: Int, unit: Unit)] {
        let magnitude = abs(seconds)
        guard let first = units.firstIndex(where: { magnitude >= $0.seconds }) else {
            return [(0, units[units.count - 1])]
        }
        let leading = magnitude / units[first].seconds
        var result: [(count: Int, unit: Unit)] = [(leading, units[first])]
        if first + 1 < units.count {
            let rest = magnitude - leading * units[first].seconds
            let next = rest / units[first + 1].seconds
            if next > 0 { result.append((next, units[first + 1])) }
        }
        return result
    }
}

extension String {
    fileprivate func withSign(_ negative: Bool) -> String { negative ? "-" + self : self }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`, for Foundation's date arithmetic.
    public var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
