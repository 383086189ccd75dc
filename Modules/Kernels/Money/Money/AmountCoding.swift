import Foundation

/// A JSON number with every digit (`JSONEncoder` writes a `Decimal` digit for digit); reading also takes a
/// number in a string (`"90.5289"`), the form several APIs send prices in.
extension Amount: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            do {
                self = try Amount(parsing: text, options: .plain)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an amount: \(error)")
            }
            return
        }
        let decimal = try container.decode(Decimal.self)
        do {
            self = try Amount(exactly: decimal)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(decimal) is not an amount: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decimalValue)
    }
}

extension Amount {
    /// The same value as a Foundation `Decimal` (exact: 38 digits hold every amount).
    public var decimalValue: Decimal {
        Decimal(string: plainText, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }

    /// A `Decimal` as an amount.
    /// - Throws: ``MoneyError/notANumber`` for NaN, ``MoneyError/tooManyPlaces(allowed:)`` beyond 12 places,
    ///   ``MoneyError/overflow`` beyond the range.
    public init(exactly decimal: Decimal) throws(MoneyError) {
        guard !decimal.isNaN else { throw .notANumber }
        self = try Amount(parsing: decimal.description, options: .plain)
    }

    /// The amount nearest to `value` at `places` decimals; nil for NaN, infinities and values beyond the range.
    /// For figures computed in floating point (a projection, an average of ratios), never for stored money.
    public init?(_ value: Double, places: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrEven) {
        precondition((0...Self.places).contains(places), "places must be 0…\(Self.places)")
        guard value.isFinite else { return nil }
        let scaled = (value * Double(Self.powerOfTen(places))).rounded(rule)
        guard abs(scaled) < 1e30, let integer = Int128(exactly: scaled) else { return nil }
        let (units, overflow) = integer.multipliedReportingOverflow(by: Self.powerOfTen(Self.places - places))
        guard !overflow, let amount = try? Amount(units: units) else { return nil }
        self = amount
    }
}
