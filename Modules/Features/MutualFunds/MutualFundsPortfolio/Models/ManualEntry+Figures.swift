import Failures
import Money
import MutualFunds

extension ManualEntry {
    /// The decimal places each typed figure may have: amounts in paise, units as AMCs allot them (4), NAVs as
    /// AMFI publishes them (up to 8).
    public static let places = ["amount": 2, "units": 4, "nav": 8]

    /// The largest figure each field takes: ₹1,000 crore in one transaction, 100 crore units, a NAV of ₹10 lakh
    /// (far beyond any scheme's), so a slip of the keyboard is refused rather than stored.
    public static let maximum = [
        "amount": Amount(10_000_000_000), "units": Amount(1_000_000_000), "nav": Amount(1_000_000),
    ]

    /// A figure typed for `field` (`amount`, `units` or `nav`): unsigned, `₹` allowed, no more places than
    /// ``places`` allows; nil when nothing was typed. Both faces read their figures here, so the terminal and
    /// the web refuse the same text in the same words. Figures above ``maximum`` are refused.
    /// - Parameter name: How the face names the field in its message (`--amount` on the terminal).
    /// - Throws: ``FolioError`` (invalid, blaming `field`) for text that is not such a figure.
    public static func figure(_ text: String?, field: String, named name: String? = nil) throws(FolioError) -> Amount? {
        guard let text else { return nil }
        let value: Amount
        do {
            value = try Amount(
                parsing: text,
                options: ParseOptions(allowsSign: false, maximumPlaces: places[field] ?? 2, symbols: ["₹"]))
        } catch {
            throw FolioError(.invalid, "invalid \(name ?? field) \"\(text)\"", why: "\(error)", field: field)
        }
        if let limit = maximum[field], value > limit {
            throw FolioError(
                .invalid, "invalid \(name ?? field) \"\(text)\"", why: "it is more than \(limit.plainText)",
                hint: "check the figure", field: field)
        }
        return value
    }
}
