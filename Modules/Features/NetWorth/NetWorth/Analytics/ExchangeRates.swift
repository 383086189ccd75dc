import Money
import Timing

/// Every stored rate, answering "how is this currency converted into the base currency on this date".
///
/// Rates are kept per base currency, so after the base changes the stored rates point the other way. A
/// currency is converted with, in this order: a rate into the base (direct); the inverse of a rate from the
/// base into it; a cross rate through a third currency when both legs exist (each leg direct or inverse).
/// A historical balance is converted with the rates in force at its own date, never today's; with none of
/// the three it cannot be converted, which is an error naming the currency and never a silent 1.0.
public struct ExchangeRates: Sendable, Equatable {

    /// The currency every conversion ends in.
    public let base: String
    /// Rates by their own base, then currency, each in date order.
    private var table: [String: [String: [ExchangeRate]]]

    /// Creates the table from every stored rate, whatever its base.
    public init(base: String, rates: [ExchangeRate] = []) {
        self.base = base
        var table: [String: [String: [ExchangeRate]]] = [:]
        for rate in rates {
            table[rate.base, default: [:]][rate.currency, default: []].append(rate)
        }
        self.table = table.mapValues { $0.mapValues { $0.sorted { $0.date < $1.date } } }
    }

    /// The rates of `currency` into the base, in date order.
    public func history(of currency: String) -> [ExchangeRate] { table[base]?[currency] ?? [] }

    /// Every rate into the base, by currency then date.
    public var all: [ExchangeRate] { (table[base]?.keys.sorted() ?? []).flatMap { history(of: $0) } }

    /// The dates on which a rate that can convert `currency` into the base starts: the direct rates, the
    /// inverse ones and both legs of any cross rate.
    public func changeDates(of currency: String) -> [CalendarDate] {
        var dates = Set(history(of: currency).map(\.date))
        for rate in table[currency]?[base] ?? [] { dates.insert(rate.date) }
        for via in intermediaries(of: currency) {
            for (from, to) in [(currency, via), (via, base)] {
                for rate in (table[to]?[from] ?? []) + (table[from]?[to] ?? []) { dates.insert(rate.date) }
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
    public func rate(for currency: String, on date: CalendarDate) -> Amount? {
        if currency == base { return 1 }
        return entry(in: table[base]?[currency], on: date)?.rate
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
    /// - Throws: ``NetWorthError`` naming the currency when no rate is in force on `date`, or
    ///   ``NetWorthError/overflow``.
    public func convert(
        _ amount: Amount, from currency: String, on date: CalendarDate, account: String? = nil
    ) throws(NetWorthError) -> Amount {
        if currency == base { return amount }
        if let rate = entry(in: table[base]?[currency], on: date) {
            return try NetWorthError.checked { () throws(MoneyError) in
                try (amount * rate.rate).rounded(toPlaces: 2, .halfEven)
            }
        }
        guard let conversion = conversion(for: currency, on: date) else {
            throw NetWorthError.missingRate(
                currency: currency, base: base, date: date, account: account,
                earliest: history(of: currency).first?.date)
        }
        return try conversion.apply(amount, places: 2)
    }

    // MARK: Routes

    /// The latest entry dated on or before `date`.
    private func entry(in entries: [ExchangeRate]?, on date: CalendarDate) -> ExchangeRate? {
        guard let entries else { return nil }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? entries[low - 1] : nil
    }

    /// One step from `from` to `to` on `date`: the direct rate, else the inverse of the opposite rate.
    private func leg(from: String, to: String, on date: CalendarDate) -> Conversion.Leg? {
        if let direct = entry(in: table[to]?[from], on: date) { return Conversion.Leg(rate: direct, inverted: false) }
        if let opposite = entry(in: table[from]?[to], on: date) {
            return Conversion.Leg(rate: opposite, inverted: true)
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
