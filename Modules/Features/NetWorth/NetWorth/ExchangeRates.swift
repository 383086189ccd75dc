import Foundation
import Timing

/// A user-entered exchange rate: from `date` on (until the next rate), 1 unit of `currency` is worth
/// `rate` units of the base currency.
public struct ExchangeRate: Sendable, Hashable, Codable {
    /// The foreign currency.
    public var currency: String
    /// The base currency the rate converts into.
    public var base: String
    /// The first day the rate is in force.
    public var date: CalendarDate
    /// Base-currency units per unit of `currency`.
    public var rate: Decimal

    /// Creates a rate.
    public init(currency: String, base: String, date: CalendarDate, rate: Decimal) {
        self.currency = currency
        self.base = base
        self.date = date
        self.rate = rate
    }
}

/// Every rate into one base currency, answering "which rate is in force on this date".
///
/// A historical balance is converted with the rate in force at its own date, never today's; a balance
/// dated before a currency's first rate cannot be converted, which is an error naming the currency and
/// never a silent 1.0.
public struct ExchangeRates: Sendable {
    /// A rate with its exact millionths, for the fast conversion path.
    struct Entry: Sendable {
        var rate: ExchangeRate
        var micros: Int64?
    }

    /// The currency every rate converts into.
    public let base: String
    private var byCurrency: [String: [Entry]]

    /// Creates the table from rates into `base`; rates into another base are ignored.
    public init(base: String, rates: [ExchangeRate] = []) {
        self.base = base
        var table: [String: [Entry]] = [:]
        for rate in rates where rate.base == base {
            table[rate.currency, default: []].append(Entry(rate: rate, micros: Micros.exact(rate.rate)))
        }
        byCurrency = table.mapValues { $0.sorted { $0.rate.date < $1.rate.date } }
    }

    /// The rates of `currency` in date order.
    public func history(of currency: String) -> [ExchangeRate] { byCurrency[currency]?.map(\.rate) ?? [] }

    /// Every rate, by currency then date.
    public var all: [ExchangeRate] { byCurrency.keys.sorted().flatMap { history(of: $0) } }

    /// The rate in force for `currency` on `date`: 1 for the base currency, else the latest rate dated on or
    /// before `date`, or nil when there is none.
    public func rate(for currency: String, on date: CalendarDate) -> Decimal? {
        if currency == base { return 1 }
        return entry(for: currency, on: date)?.rate.rate
    }

    /// The latest rate of `currency` dated on or before `date`.
    func entry(for currency: String, on date: CalendarDate) -> Entry? {
        guard let rates = byCurrency[currency] else { return nil }
        var low = 0
        var high = rates.count
        while low < high {
            let middle = (low + high) / 2
            if rates[middle].rate.date <= date { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? rates[low - 1] : nil
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
        guard let entry = entry(for: currency, on: date) else {
            throw NetWorthError.missingRate(
                currency: currency, base: base, date: date, account: account,
                earliest: byCurrency[currency]?.first?.rate.date)
        }
        if let amount = update.micros, let rate = entry.micros, let micros = Micros.convert(amount, rate: rate) {
            return (Micros.decimal(micros), micros)
        }
        let value = Self.roundToPenny(update.amount * entry.rate.rate)
        return (value, Micros.exact(value))
    }

    /// Rounds half to even to two decimals.
    public static func roundToPenny(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 2, .bankers)
        return result
    }
}
