import Foundation
import Money
import MutualFunds
import NetworkingTesting
import Timing

/// Shared helpers for the domain tests.
enum TestData {
    /// A date from `YYYY-MM-DD`.
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    /// A history from `(YYYY-MM-DD, NAV text)` pairs.
    static func history(_ points: [(String, String)], code: Int = 1) -> NAVHistory {
        NAVHistory(
            code: code, meta: SchemeMeta(code: code, name: "Test Fund"),
            points: points.map { NAVPoint(date: date($0.0), nav: Amount($0.1)!) })
    }

    /// A fixture history decoded as the client decodes it.
    static func fixtureHistory(_ name: String, code: Int) throws -> NAVHistory {
        let body = try MFAPIDecoding.historyBody(from: Fixtures.data("mfapi/\(name)"))
        return NAVHistory(code: code, meta: body.meta, points: body.points, skippedRows: body.skippedRows)
    }

    /// One scheme's body from the derived two-scheme file, re-serialised as the API would send it.
    static func derivedScheme(_ code: String) throws -> Data {
        let object =
            try JSONSerialization.jsonObject(
                with: Fixtures.data("mfapi/derived_two_schemes_trimmed_NOT_raw_response.json")) as! [String: Any]
        var scheme = object[code] as! [String: Any]
        scheme["status"] = "SUCCESS"
        return try JSONSerialization.data(withJSONObject: scheme)
    }
}

/// `|a − b| <= tolerance`.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
