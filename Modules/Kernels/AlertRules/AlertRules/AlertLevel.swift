import Failures
import Money

/// A level condition: the value reaching a threshold upward (`above`) or downward (`below`). The one reading
/// of the `above`/`below` pair for every kind that has it (funds' NAV, net worth), on the terminal and the web.
public struct AlertLevel: Sendable, Equatable {
    /// Which way the threshold is crossed; its raw value is the field's name and the condition's key.
    public enum Direction: String, Sendable, Codable, CaseIterable {
        case above, below
    }

    /// Which way.
    public var direction: Direction
    /// The threshold.
    public var level: Amount

    /// Creates a level condition.
    public init(_ direction: Direction, _ level: Amount) {
        self.direction = direction
        self.level = level
    }

    /// The level in `input`'s `above` or `below` field, nil when neither is given.
    /// - Throws: ``FolioError`` (invalid) blaming the field: both given, not a number, not positive (unless
    ///   `allowsNegative`), or beyond `maximum`.
    public static func read(_ input: AlertInput, maximum: Amount, allowsNegative: Bool = false) throws -> AlertLevel? {
        let given = Direction.allCases.filter { input[$0.rawValue] != nil }
        guard let direction = given.first else { return nil }
        guard given.count == 1 else {
            throw FolioError(
                .usage, "a level above and a level below given", why: "an alert watches one level in one direction",
                field: Direction.below.rawValue)
        }
        let level = try AlertThreshold.level(
            input[direction.rawValue] ?? "", field: direction.rawValue, maximum: maximum, allowsNegative: allowsNegative
        )
        return AlertLevel(direction, level)
    }

    /// The condition stored as a pair of optional levels (`{"above": 90}`), nil when neither is set.
    public init?(above: Amount?, below: Amount?) {
        if let above {
            self.init(.above, above)
        } else if let below {
            self.init(.below, below)
        } else {
            return nil
        }
    }

    /// The level when it is crossed upward, for parameters stored as a pair.
    public var above: Amount? { direction == .above ? level : nil }
    /// The level when it is crossed downward, for parameters stored as a pair.
    public var below: Amount? { direction == .below ? level : nil }

    /// Whether `value` is at or beyond the threshold.
    public func holds(for value: Amount) -> Bool {
        direction == .above ? value >= level : value <= level
    }
}
