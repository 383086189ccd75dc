import Money
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
    public var rate: Amount

    /// Creates a rate.
    public init(currency: String, base: String, date: CalendarDate, rate: Amount) {
        self.currency = currency
        self.base = base
        self.date = date
        self.rate = rate
    }
}
