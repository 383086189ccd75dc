import Failures
import Money
import MutualFunds

extension ManualEntry {
    /// The decimal places each typed figure may have: amounts in paise, units as AMCs allot them (4), NAVs as
    /// AMFI publishes them (up to 8).
    public static let places = ["amount": 2, "units": 4, "nav": 8]

    /// A figure typed for `field` (`amount`, `units` or `nav`): unsigned, `₹` allowed, no more places than
    /// ``places`` allows; nil when nothing was typed. Both faces read their figures here, so the terminal and
    /// the web refuse the same text in the same words.
    /// - Parameter name: How the face names the field in its message (`--amount` on the terminal).
    /// - Throws: ``FolioError`` (invalid, blaming `field`) for text that is not such a figure.
    public static func figure(_ text: String?, field: String, named name: String? = nil) throws(FolioError) -> Amount? {
        guard let text else { return nil }
        do {
            return try Amount(
                parsing: text, options: ParseOptions(allowsSign: false, maximumPlaces: places[field] ?? 2, symbols: ["₹"]))
        } catch {
            throw FolioError(.invalid, "invalid \(name ?? field) \"\(text)\"", why: "\(error)", field: field)
        }
    }
}
