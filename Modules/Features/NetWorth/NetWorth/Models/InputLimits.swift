import Money
import Timing

/// The bounds every figure, date and note must keep at input, so that any total over thousands of accounts
/// still fits in an ``Money/Amount`` (±10²⁶) and a typo cannot store a figure no page can show.
///
/// 10¹⁵ × 10⁶ = 10²¹ per converted balance leaves five orders of magnitude for sums of up to 100,000 accounts.
public enum InputLimits {
    /// The largest balance, in magnitude: 10¹⁵ (a thousand trillion) in the account's currency.
    public static let maximumAmount = Amount(1_000_000_000_000_000)
    /// The largest exchange rate: 10⁶ base units per unit of a currency.
    public static let maximumRate = Amount(1_000_000)
    /// The longest note, in characters.
    public static let maximumNoteLength = 1_000
    /// The years a balance or rate may be dated in.
    public static let years = 1900...9999

    /// `amount` as a balance in `currency`.
    /// - Throws: ``NetWorthError`` (invalid, field `amount`) beyond ±10¹⁵ or with more decimals than the
    ///   currency has (pence for GBP, none for JPY).
    public static func checkBalance(_ amount: Amount, currency: String) throws {
        guard amount.magnitude <= maximumAmount else {
            throw NetWorthError(
                .invalid, "the amount \(amount.plainText) is too large",
                why: "a balance can be at most 1,000,000,000,000,000 (10¹⁵) either way",
                hint: "check the figure for a typo", field: "amount")
        }
        let places = CurrencyCode.minorUnits(currency)
        guard amount.significantPlaces <= places else {
            throw NetWorthError(
                .invalid, "the amount \(amount.plainText) has too many decimals",
                why: places == 0
                    ? "\(currency) has no smaller unit, so write a whole number"
                    : "\(currency) amounts have at most \(places) decimal\(places == 1 ? "" : "s")",
                hint: "write it as \(amount.rounded(toPlaces: places, .halfEven).plainText)", field: "amount")
        }
    }

    /// `rate` as the value of one unit of `currency`.
    /// - Throws: ``NetWorthError`` (refused when not above zero, invalid above 10⁶; field `rate`).
    public static func checkRate(_ rate: Amount, currency: String) throws {
        guard rate.isPositive else {
            throw NetWorthError(
                .refused, "cannot set a \(currency) rate of \(rate.plainText)",
                why: "a rate must be greater than zero", field: "rate")
        }
        guard rate <= maximumRate else {
            throw NetWorthError(
                .invalid, "cannot set a \(currency) rate of \(rate.plainText)",
                why: "a rate can be at most 1,000,000 (10⁶) base units per \(currency)",
                hint: "check the figure for a typo", field: "rate")
        }
    }

    /// `date` as the date of a balance or rate.
    /// - Throws: ``NetWorthError`` (invalid, field `date`) for a year outside 1900–9999.
    public static func checkYear(_ date: CalendarDate) throws {
        guard years.contains(date.year) else {
            throw NetWorthError(
                .invalid, "cannot use the date \(date.iso8601)",
                why: "dates must fall in the years \(years.lowerBound)–\(years.upperBound)", field: "date")
        }
    }

    /// A note as it will be stored: nil when empty.
    /// - Throws: ``NetWorthError`` (invalid, field `note`) beyond 1,000 characters.
    public static func note(_ text: String?) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count <= maximumNoteLength else {
            throw NetWorthError(
                .invalid, "the note is too long",
                why: "\(text.count) characters; a note holds at most \(maximumNoteLength)", field: "note")
        }
        return text
    }
}
