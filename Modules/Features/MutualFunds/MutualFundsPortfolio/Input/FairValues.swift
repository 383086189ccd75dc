import Failures
import Money
import MutualFunds

/// NAVs of 31-Jan-2018 typed by the investor, `122639=24.6526` (a code or an ISIN, then the NAV), several
/// separated by commas or spaces: what grandfathers a scheme whose history cannot be read. The terminal's `--fmv`
/// and the tax page's field read them here, so both refuse the same text in the same words.
public enum FairValues {
    /// The NAVs by the code or ISIN they were given for.
    /// - Parameter name: How the face names the field in its message (`--fmv` on the terminal).
    /// - Throws: ``FolioError`` (invalid, blaming `fmv`) for an entry that is not `SCHEME=NAV` with a NAV
    ///   ``ManualEntry/figure(_:field:named:)`` takes.
    public static func parse(_ text: String, named name: String = "fmv") throws(FolioError) -> [String: Amount] {
        var values: [String: Amount] = [:]
        for entry in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw FolioError(
                    .invalid, "invalid \(name) \"\(entry)\"", why: "each entry is a scheme and its NAV of 31-Jan-2018",
                    hint: "write CODE=NAV, e.g. 122639=24.6526", field: "fmv")
            }
            do {
                values[parts[0]] = try ManualEntry.figure(parts[1], field: "nav", named: name)
            } catch {
                throw FolioError(
                    .invalid, "invalid \(name) \"\(entry)\"", why: error.why,
                    hint: "write CODE=NAV, e.g. 122639=24.6526",
                    field: "fmv")
            }
        }
        return values
    }
}
