import Foundation
import Timing

/// A user-entered exchange rate: from `date` on (until the next rate), 1 unit of `currency` is worth
/// `rate` units of `base`.
public struct ExchangeRate: Sendable, Hashable, Codable {
    /// The foreign currency.
    public var currency: String
    /// The base currency the rate converts into.
    public var base: String
    /// The first day the rate is in force.
    public var date: CalendarDate
    /// `base` units per unit of `currency`.
    public var rate: Decimal

    /// Creates a rate.
    public init(currency: String, base: String, date: CalendarDate, rate: Decimal) {
        self.currency = currency
        self.base = base
        self.date = date
        self.rate = rate
    }
}

/// Every stored rate, answering "how is this currency converted into the base currency on this date".
///
/// Rates are kept per base currency, so after the base changes the stored rates point the other way. A
/// currency is converted with, in this order: a rate into the base (direct); the inverse of a rate from the
/// base into it; a cross rate through a third currency when both legs exist (each leg direct or inverse).
/// A historical balance is converted with the rates in force at its own date, never today's; with none of
/// the three it cannot be converted, which is an error naming the currency and never a silent 1.0.
public struct ExchangeRates: Sendable {
    /// A rate with its exact millionths, for the fast conversion path.
    struct Entry: Sendable {
        var rate: ExchangeRate
        var micros: Int64?
    }

    /// The currency every conversion ends in.
    public let base: String
    /// Rates by their own base, then currency, each in date order.
    private var table: [String: [String: [Entry]]]

    /// Creates the table from every stored rate, whatever its base.
    public init(base: String, rates: [ExchangeRate] = []) {
        self.base = base
        var table: [String: [String: [Entry]]] = [:]
        for rate in rates {
            table[rate.base, default: [:]][rate.currency, default: []].append(
                Entry(rate: rate, micros: Micros.exact(rate.rate)))
        }
        self.table = table.mapValues { $0.mapValues { $0.sorted { $0.rate.date < $1.rate.date } } }
    }

    /// The rates of `currency` into the base, in date order.
    public func history(of currency: String) -> [ExchangeRate] { table[base]?[currency]?.map(\.rate) ?? [] }

    /// Every rate into the base, by currency then date.
    public var all: [ExchangeRate] { (table[base]?.keys.sorted() ?? []).flatMap { history(of: $0) } }

    /// The dates on which a rate that can convert `currency` into the base starts: the direct rates, the
    /// inverse ones and both legs of any cross rate.
    public func changeDates(of currency: String) -> [CalendarDate] {
        var dates = Set(history(of: currency).map(\.date))
        for entry in table[currency]?[base] ?? [] { dates.insert(entry.rate.date) }
        for via in intermediaries(of: currency) {
            for (from, to) in [(currency, via), (via, base)] {
                for entry in (table[to]?[from] ?? []) + (table[from]?[to] ?? []) { dates.insert(entry.rate.date) }
            }
        }
        return dates.sorted()
    }

    /// Whether `currency` can be converted into the base on some date.
    public func canConvert(_ currency: String) -> Bool {
        currency == base || !changeDates(of: currency).isEmpty
    }

    /// The direct rate in force for `currency` on `date`: 1 for the base currency, else the latest rate into
    /// the base dated on or before `date`, or nil when there is none.
    public func rate(for currency: String, on date: CalendarDate) -> Decimal? {
        if currency == base { return 1 }
        return entry(in: table[base]?[currency], on: date)?.rate.rate
    }

    /// How `currency` is converted into the base on `date`, or nil when no rate, inverse or cross rate is in
    /// force. The base currency itself has no conversion.
    public func conversion(for currency: String, on date: CalendarDate) -> Conversion? {
        guard currency != base else { return nil }
        if let direct = leg(from: currency, to: base, on: date) {
            return Conversion(currency: currency, base: base, via: nil, legs: [direct])
        }
        for via in intermediaries(of: currency) {
            if let first = leg(from: currency, to: via, on: date), let second = leg(from: via, to: base, on: date) {
                return Conversion(currency: currency, base: base, via: via, legs: [first, second])
            }
        }
        return nil
    }

    /// `amount` of `currency` on `date` in the base currency, rounded to the penny (half to even) so the
    /// totals equal the sum of the values shown.
    /// - Throws: ``NetWorthError`` naming the currency when no rate is in force on `date`.
    public func convert(
        _ amount: Decimal, from currency: String, on date: CalendarDate, account: String? = nil
    ) throws(NetWorthError) -> Decimal {
        try value(of: BalanceUpdate(date: date, amount: amount), currency: currency, on: date, account: account).amount
    }

    /// An update's amount in the base currency on `date`, with its exact millionths when known.
    func value(of update: BalanceUpdate, currency: String, on date: CalendarDate, account: String?)
        throws(NetWorthError)
        -> (amount: Decimal, micros: Int64?)
    {
        if currency == base { return (update.amount, update.micros) }
        if let entry = entry(in: table[base]?[currency], on: date) {
            if let amount = update.micros, let rate = entry.micros, let micros = Micros.convert(amount, rate: rate) {
                return (Micros.decimal(micros), micros)
            }
            let value = Self.roundToPenny(update.amount * entry.rate.rate)
            return (value, Micros.exact(value))
        }
        guard let conversion = conversion(for: currency, on: date) else {
            throw NetWorthError.missingRate(
                currency: currency, base: base, date: date, account: account,
                earliest: history(of: currency).first?.date)
        }
        let value = Self.roundToPenny(conversion.apply(update.amount))
        return (value, Micros.exact(value))
    }

    /// Rounds half to even to two decimals.
    public static func roundToPenny(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 2, .bankers)
        return result
    }

    // MARK: Routes

    /// The latest entry dated on or before `date`.
    private func entry(in entries: [Entry]?, on date: CalendarDate) -> Entry? {
        guard let entries else { return nil }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].rate.date <= date { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? entries[low - 1] : nil
    }

    /// One step from `from` to `to` on `date`: the direct rate, else the inverse of the opposite rate.
    private func leg(from: String, to: String, on date: CalendarDate) -> Conversion.Leg? {
        if let direct = entry(in: table[to]?[from], on: date) { return Conversion.Leg(rate: direct.rate, inverted: false) }
        if let opposite = entry(in: table[from]?[to], on: date) {
            return Conversion.Leg(rate: opposite.rate, inverted: true)
        }
        return nil
    }

    /// Currencies linked by stored rates both to `currency` and to the base, alphabetically.
    private func intermediaries(of currency: String) -> [String] {
        func linked(_ code: String) -> Set<String> {
            var result = Set(table[code]?.keys.map { $0 } ?? [])
            for (other, currencies) in table where currencies[code] != nil { result.insert(other) }
            return result
        }
        return linked(currency).intersection(linked(base)).subtracting([currency, base]).sorted()
    }
}

/// How a currency is converted into the base on a date: one stored rate (used as stored or inverted), or a
/// cross rate of two through a third currency.
public struct Conversion: Sendable, Hashable {
    /// One stored rate on the way, used as stored (`rate.currency` → `rate.base`) or inverted.
    public struct Leg: Sendable, Hashable {
        public var rate: ExchangeRate
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

    /// `amount` × the stored rates used as stored ÷ the inverted ones, unrounded.
    public func apply(_ amount: Decimal) -> Decimal {
        var numerator = amount
        var denominator = Decimal(1)
        for leg in legs {
            if leg.inverted { denominator *= leg.rate.rate } else { numerator *= leg.rate.rate }
        }
        return numerator / denominator
    }

    /// Base units per unit of `currency`, rounded half to even to six places for people.
    public var effectiveRate: Decimal {
        var input = apply(1)
        var result = Decimal()
        NSDecimalRound(&result, &input, 6, .bankers)
        return result
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
