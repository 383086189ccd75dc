import Foundation
import Money
import Networking
import Timing

/// The scheme list as decoded: the usable schemes and how many rows were not.
public struct SchemeList: Sendable, Hashable {
    /// Usable schemes, in the API's order, one per code.
    public var schemes: [Scheme]
    /// Rows left out: no positive code, no name, not an object, or a repeated code.
    public var skippedRows: Int

    /// Creates a list.
    public init(schemes: [Scheme], skippedRows: Int = 0) {
        self.schemes = schemes
        self.skippedRows = skippedRows
    }
}

/// Decoding of the MF API's bodies, surviving every quirk the recordings show: codes as numbers or strings,
/// NAVs as 5-decimal strings, `DD-MM-YYYY` dates, newest-first order, and malformed rows (skipped and
/// counted, never fatal).
public enum MFAPIDecoding {
    /// Decodes `GET /mf` (or `GET /mf/search`): a JSON array of schemes.
    /// - Throws: `DecodingError` when the body is not a JSON array.
    public static func schemeList(from data: Data) throws -> SchemeList {
        let rows = try JSONDecoder().decode(LossyArray<Scheme>.self, from: data)
        var seen = Set<Int>()
        var schemes: [Scheme] = []
        schemes.reserveCapacity(rows.elements.count)
        for scheme in rows.elements where seen.insert(scheme.code).inserted {
            schemes.append(scheme)
        }
        return SchemeList(schemes: schemes, skippedRows: rows.failures.count + rows.elements.count - schemes.count)
    }

    /// What a history body holds before it is judged: the meta, the usable points, how many rows were
    /// unusable, and how many rows there were at all (0 means the API does not know the scheme).
    public struct HistoryBody: Sendable {
        /// The meta block (blank fields as nil).
        public var meta: SchemeMeta
        /// Usable rows, in the API's order.
        var parsed: [ParsedNAV]
        /// Usable points, in the API's order.
        public var points: [NAVPoint] {
            parsed.map { NAVPoint(date: CalendarDate(dayNumber: $0.day), nav: $0.nav) }
        }
        /// Rows that were unusable.
        public var skippedRows: Int
        /// Rows in `data`, usable or not.
        public var rowCount: Int
        /// The `status` field ("SUCCESS" in every recording).
        public var status: String?
    }

    /// Decodes `GET /mf/{code}`.
    /// - Throws: `DecodingError` when the body is not an object with a `data` array.
    public static func historyBody(from data: Data) throws -> HistoryBody {
        let envelope = try JSONDecoder().decode(HistoryEnvelope.self, from: data)
        let rows = envelope.data?.elements ?? []
        let rowCount = rows.count + (envelope.data?.failures.count ?? 0)
        var parsed: [ParsedNAV] = []
        parsed.reserveCapacity(rows.count)
        for row in rows {
            guard let nav = row.parsed else { continue }
            parsed.append(nav)
        }
        return HistoryBody(
            meta: envelope.meta ?? SchemeMeta(code: 0, name: nil), parsed: parsed,
            skippedRows: rowCount - parsed.count, rowCount: rowCount, status: envelope.status)
    }

    /// The `error` text of a 400 answer (`{"error":"invalid scheme_code"}`), if the body has one.
    public static func errorMessage(from data: Data) -> String? {
        struct ErrorBody: Decodable { var error: String? }
        return (try? JSONDecoder().decode(ErrorBody.self, from: data))?.error
    }
}

private struct HistoryEnvelope: Decodable {
    var meta: SchemeMeta?
    /// The rows; nil when the body has no `data` (an unknown scheme's answer may have only `meta`).
    var data: LossyArray<NAVRow>?
    var status: String?

    private enum CodingKeys: String, CodingKey { case meta, data, status }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meta = container.decodeLenient(SchemeMeta.self, forKey: .meta)
        data = try container.decodeIfPresent(LossyArray<NAVRow>.self, forKey: .data)
        status = container.decodeLenient(String.self, forKey: .status)
        guard container.contains(.data) || container.contains(.meta) else {
            throw DecodingError.keyNotFound(
                CodingKeys.data, .init(codingPath: [], debugDescription: "not a NAV history: no meta and no data"))
        }
    }
}

/// One row of `data`: a date and a NAV, both normally strings (a NAV sent as a JSON number is accepted too).
private struct NAVRow: Decodable {
    var date: String
    var nav: Amount?
    /// The decimals the NAV was written with.
    var places = 0

    private enum CodingKeys: String, CodingKey { case date, nav }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(String.self, forKey: .date)
        if let text = try? container.decode(String.self, forKey: .nav) {
            nav = NAVText.parse(text)
            places = NAVText.writtenPlaces(text)
        } else {
            nav = NAVText.checked(try container.decode(Amount.self, forKey: .nav))
            places = nav?.significantPlaces ?? 0
        }
    }

    /// The row, or nil when the date is not a real `DD-MM-YYYY` date or the NAV is not a positive number
    /// (AMFI publishes 0 or "N.A." for some suspended schemes).
    var parsed: ParsedNAV? {
        guard let day = CalendarDate(parsing: date.trimmingCharacters(in: .whitespaces), layout: .dayMonthYear),
            let nav, nav.isPositive
        else { return nil }
        return ParsedNAV(day: day.dayNumber, nav: nav, places: max(places, nav.significantPlaces))
    }
}

/// The NAVs the API publishes: plain decimal text (`"90.52890"`, `" 144.13 "`) of at most 8 decimals and 18
/// digits, no sign, exponent or separators; anything else ("N.A.", "-1.5", "1e3") is not a NAV.
enum NAVText {
    static let options = ParseOptions(allowsSign: false, maximumPlaces: NAVHistory.maximumScale, allowsGrouping: false)

    static func parse(_ text: String) -> Amount? {
        checked(try? Amount(parsing: text, options: options))
    }

    /// The digits after the point in NAV text (`"90.52890"`: 5); only called on text that parsed.
    static func writtenPlaces(_ text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].prefix { $0.isASCII && $0.isNumber }.count
    }

    /// `nav` when it has at most 8 decimals and its digits fit 18 (a 64-bit integer at its own scale).
    static func checked(_ nav: Amount?) -> Amount? {
        guard let nav, !nav.isNegative, nav.significantPlaces <= NAVHistory.maximumScale,
            let units = NAVHistory.units(of: nav, scale: nav.significantPlaces), units < 1_000_000_000_000_000_000
        else { return nil }
        return nav
    }
}
