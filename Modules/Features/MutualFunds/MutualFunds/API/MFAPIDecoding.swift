import Foundation
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
        let rows = try JSONDecoder().decode([Lenient<Scheme>].self, from: data)
        var seen = Set<Int>()
        var schemes: [Scheme] = []
        schemes.reserveCapacity(rows.count)
        for row in rows {
            guard let scheme = row.value, seen.insert(scheme.code).inserted else { continue }
            schemes.append(scheme)
        }
        return SchemeList(schemes: schemes, skippedRows: rows.count - schemes.count)
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
            parsed.map { NAVPoint(date: CalendarDate(dayNumber: $0.day), nav: $0.nav.decimal) }
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
        var parsed: [ParsedNAV] = []
        parsed.reserveCapacity(envelope.data.count)
        for row in envelope.data {
            guard let row = row.value, let nav = row.parsed else { continue }
            parsed.append(nav)
        }
        return HistoryBody(
            meta: envelope.meta ?? SchemeMeta(code: 0, name: nil), parsed: parsed,
            skippedRows: envelope.data.count - parsed.count, rowCount: envelope.data.count, status: envelope.status)
    }

    /// The `error` text of a 400 answer (`{"error":"invalid scheme_code"}`), if the body has one.
    public static func errorMessage(from data: Data) -> String? {
        struct ErrorBody: Decodable { var error: String? }
        return (try? JSONDecoder().decode(ErrorBody.self, from: data))?.error
    }
}

private struct HistoryEnvelope: Decodable {
    var meta: SchemeMeta?
    var data: [Lenient<NAVRow>]
    var status: String?

    private enum CodingKeys: String, CodingKey { case meta, data, status }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meta = container.decodeLenient(SchemeMeta.self, forKey: .meta)
        data = try container.decodeIfPresent([Lenient<NAVRow>].self, forKey: .data) ?? []
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
    var nav: ExactNAV?

    private enum CodingKeys: String, CodingKey { case date, nav }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(String.self, forKey: .date)
        if let text = try? container.decode(String.self, forKey: .nav) {
            nav = ExactNAV(text: text)
        } else {
            let number = try container.decode(FlexibleDecimal.self, forKey: .nav).value
            nav = ExactNAV(text: "\(number)")
        }
    }

    /// The row, or nil when the date is not a real `DD-MM-YYYY` date or the NAV is not a positive number
    /// (AMFI publishes 0 or "N.A." for some suspended schemes).
    var parsed: ParsedNAV? {
        guard let day = CalendarDate(parsing: date.trimmingCharacters(in: .whitespaces), layout: .dayMonthYear),
            let nav, nav.significand > 0
        else { return nil }
        return ParsedNAV(day: day.dayNumber, nav: nav)
    }
}

/// Decodes an element or records that it could not, so one bad row never sinks the whole answer.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
