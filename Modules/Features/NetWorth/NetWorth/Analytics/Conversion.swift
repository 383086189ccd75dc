import Money
import Timing

/// How a currency is converted into the base on a date: one stored rate (used as stored or inverted), or a
/// cross rate of two through a third currency.
public struct Conversion: Sendable, Hashable {
    /// One stored rate on the way, used as stored (`rate.currency` → `rate.base`) or inverted.
    public struct Leg: Sendable, Hashable {
        /// The stored rate used.
        public var rate: ExchangeRate
        /// Whether the rate is used inverted (base → currency).
        public var inverted: Bool

        /// The currency this step starts from.
        public var from: String { inverted ? rate.base : rate.currency }
        /// The currency this step ends in.
        public var to: String { inverted ? rate.currency : rate.base }
    }

    /// The currency converted.
    public var currency: String
    /// The currency it is converted into.
    public var base: String
    /// The third currency of a cross rate.
    public var via: String?
    /// The steps, from `currency` to `base`.
    public var legs: [Leg]

    /// `direct`, `inverse` or `cross`.
    public var method: String {
        if via != nil { return "cross" }
        return legs.first?.inverted == true ? "inverse" : "direct"
    }

    /// `amount` × the stored rates used as stored ÷ the inverted ones, rounded half to even to `places`
    /// once at the end, so an inverse rate never loses digits before it is applied.
    /// - Throws: ``NetWorthError/overflow``.
    public func apply(_ amount: Amount, places: Int) throws(NetWorthError) -> Amount {
        try NetWorthError.checked { () throws(MoneyError) in
            var numerator = amount
            var denominator = Amount(1)
            for leg in legs {
                if leg.inverted {
                    denominator = try denominator * leg.rate.rate
                } else {
                    numerator = try numerator * leg.rate.rate
                }
            }
            return try numerator.divided(by: denominator, places: places, rounding: .halfEven)
        }
    }

    /// Base units per unit of `currency`, rounded half to even to six places for people.
    public var effectiveRate: Amount {
        (try? apply(1, places: 6)) ?? .zero
    }

    /// Which rates were used, for people: `GBP→USD: the inverse of the USD→GBP rate of 2024-01-01 (0.79)`.
    public var explanation: String {
        func describe(_ leg: Leg) -> String {
            let stored = "the \(leg.rate.currency)→\(leg.rate.base) rate of \(leg.rate.date.iso8601) (\(leg.rate.rate))"
            return leg.inverted ? "the inverse of \(stored)" : stored
        }
        let body: String
        if let via {
            body = "a cross rate through \(via): " + legs.map(describe).joined(separator: " and ")
        } else {
            body = legs.map(describe).joined()
        }
        return "\(currency)→\(base) \(effectiveRate): \(body)"
    }
}
