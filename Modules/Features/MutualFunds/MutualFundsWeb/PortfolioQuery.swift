import Failures
import MutualFunds
import MutualFundsPortfolio
import Timing

/// The portfolio routes' query parameters, refused by name (422) rather than replaced by a default.
enum PortfolioQuery {
    /// `asOf=YYYY-MM-DD` (or the date parameter `field`), nil when absent or empty.
    static func date(_ text: String?, field: String = "asOf") throws(FolioError) -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = CalendarDate(iso8601: text) else {
            throw FolioError(.invalid, "invalid date \"\(text)\"", hint: "write it as YYYY-MM-DD", field: field)
        }
        return date
    }

    /// `summary=true|false` (absent: false).
    static func isSummary(_ text: String?) throws(FolioError) -> Bool {
        switch text {
        case nil, "", "false", "0": return false
        case "true", "1": return true
        default:
            throw FolioError(.invalid, "invalid summary \"\(text!)\"", hint: "give true or false", field: "summary")
        }
    }
}

/// What `/api/funds/portfolio/gains` answers: the lots (`gains --format json`) or the summary (`--summary`).
enum GainsRows: Encodable {
    case lots([GainRow])
    case summary([GainsSummaryRow])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .lots(let rows): try rows.encode(to: encoder)
        case .summary(let rows): try rows.encode(to: encoder)
        }
    }
}
