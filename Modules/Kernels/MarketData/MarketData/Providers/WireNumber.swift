import Foundation
import Money

/// A JSON number read digit for digit (as `Decimal`, never through `Double`), to be rounded once into an exact
/// ``Amount``: Yahoo sends float32-looking prices such as `227.5500030517578`, more places than an amount holds.
public struct WireNumber: Decodable, Sendable, Equatable {
    /// The number as sent.
    public var decimal: Decimal

    /// Wraps a decimal.
    public init(_ decimal: Decimal) { self.decimal = decimal }

    /// Reads a JSON number, or a number written as a string (`"112.1300"`, Alpha Vantage's way).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let decimal = Decimal(string: text.trimmingCharacters(in: .whitespaces)), !decimal.isNaN else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a number")
            }
            self.decimal = decimal
        } else {
            decimal = try container.decode(Decimal.self)
        }
    }

    /// The number rounded half-even to `places` decimals; nil when it is out of an amount's range.
    public func amount(places: Int) -> Amount? {
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, min(max(places, 0), Amount.places), .bankers)
        return try? Amount(exactly: rounded)
    }
}
