import Money
import Timing

/// A rate as `rate list --format json|csv` writes it, for every face.
public struct RateRow: Encodable, Sendable, Equatable {
    /// The CSV columns, in the JSON keys' order.
    public static let columns = ["currency", "base", "date", "rate"]

    /// The foreign currency.
    public var currency: String
    /// The currency it converts into.
    public var base: String
    /// The first day in force, `YYYY-MM-DD`.
    public var date: String
    /// `base` units per unit of `currency`.
    public var rate: Amount

    /// The row of `rate`.
    public init(_ rate: ExchangeRate) {
        currency = rate.currency
        base = rate.base
        date = rate.date.iso8601
        self.rate = rate.rate
    }
}

/// The settings as `settings --format json|csv` writes them, for every face.
public struct SettingsRow: Encodable, Sendable, Equatable {
    /// The CSV columns, in the JSON keys' order.
    public static let columns = ["includePensions", "includeMortgages", "baseCurrency"]

    /// Whether pensions count unless a report says otherwise.
    public var includePensions: Bool
    /// Whether mortgages count unless a report says otherwise.
    public var includeMortgages: Bool
    /// The currency totals are reported in.
    public var baseCurrency: String

    /// The row of `settings`.
    public init(_ settings: NetWorthSettings) {
        includePensions = settings.inclusion.includePensions
        includeMortgages = settings.inclusion.includeMortgages
        baseCurrency = settings.baseCurrency
    }
}
