/// Why an amount could not be parsed or computed. The description is a reason a user can act on.
public enum MoneyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The result or the parsed value is beyond ±10²⁶.
    case overflow
    /// A division by zero.
    case divisionByZero
    /// Nothing was typed.
    case empty
    /// Text such as `1e5`: exponents are refused so that a typo cannot multiply an amount.
    case exponent
    /// `NaN`, `inf` and the like.
    case notANumber
    /// More than one decimal point, as in `1.2.3`.
    case multiplePoints
    /// A character that has no place in a number.
    case unexpectedCharacter(Character)
    /// More decimal places than allowed.
    case tooManyPlaces(allowed: Int)
    /// A sign where the value must not have one.
    case signNotAllowed
    /// Thousands separators that do not group by three, as in `1,23`.
    case misplacedGrouping
    /// No digits at all, as in `£` or `-`.
    case noDigits

    /// The text a person reads.
    public var description: String {
        switch self {
        case .overflow: "the amount is too large"
        case .divisionByZero: "division by zero"
        case .empty: "the amount is empty"
        case .exponent: "exponent notation (like 1e5) is not accepted; write the digits out"
        case .notANumber: "it is not a number"
        case .multiplePoints: "it has more than one decimal point"
        case .unexpectedCharacter(let character): "'\(character)' is not part of a number"
        case .tooManyPlaces(let allowed):
            allowed == 0 ? "a whole number is expected" : "at most \(allowed) decimal places are allowed"
        case .signNotAllowed: "a sign is not allowed here"
        case .misplacedGrouping: "thousands separators must group digits by three, as in 1,234.56"
        case .noDigits: "it has no digits"
        }
    }
}
