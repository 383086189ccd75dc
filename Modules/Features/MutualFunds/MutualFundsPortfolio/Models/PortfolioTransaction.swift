import Money
import MutualFunds
import Timing

/// One line of a scheme's statement: money and units exact, as the statement printed them.
public struct PortfolioTransaction: Sendable, Hashable {
    /// A short stable id (`remove ID`), derived from the transaction's identity and its scheme.
    public var id: String
    /// The transaction date.
    public var date: CalendarDate
    /// What it is.
    public var kind: TransactionKind
    /// The statement's description.
    public var description: String
    /// Rupees (negative for outflows of units: redemptions, switches out); nil when the statement gives none.
    public var amount: Amount?
    /// Units (negative when units leave the folio); nil on tax lines.
    public var units: Amount?
    /// The NAV it was made at.
    public var nav: Amount?
    /// The running unit balance the statement printed after it.
    public var balance: Amount?

    /// Creates a transaction; its ``id`` is worked out from `scheme` and the identity fields.
    public init(
        scheme: SchemeKey, date: CalendarDate, kind: TransactionKind, description: String, amount: Amount?,
        units: Amount?, nav: Amount?, balance: Amount?
    ) {
        self.date = date
        self.kind = kind
        self.description = description
        self.amount = amount
        self.units = units
        self.nav = nav
        self.balance = balance
        id = ""
        id = Self.id(scheme: scheme, identity: identity)
    }

    /// What makes a transaction the same one in two statements: date, type, units, amount and running balance
    /// (with the folio and scheme it belongs to).
    public var identity: String {
        [
            date.iso8601, kind.rawValue, units?.plainText ?? "", amount?.plainText ?? "", balance?.plainText ?? "",
        ].joined(separator: "|")
    }

    /// 10 hex digits of FNV-1a over the scheme and the identity: stable across runs and machines (Swift's
    /// `Hasher` is seeded per process), short enough to type.
    static func id(scheme: SchemeKey, identity: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (scheme.folio + "\u{1F}" + scheme.scheme + "\u{1F}" + identity).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).suffix(10))
    }
}

/// Stored as one array of texts, `[id, date, type, description, amount, units, nav, balance]` (absent figures
/// null): a statement of 5,000 transactions decodes several times faster than as keyed objects with numbers.
extension PortfolioTransaction: Codable {
    /// Decodes the stored form.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        id = try container.decode(String.self)
        let dateText = try container.decode(String.self)
        guard let date = CalendarDate(iso8601: dateText) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(dateText)\" is not a date")
        }
        self.date = date
        kind = TransactionKind(statementType: try container.decode(String.self))
        description = try container.decode(String.self)
        func figure() throws -> Amount? {
            guard let text = try container.decodeIfPresent(String.self) else { return nil }
            guard let value = try? Amount(parsing: text, options: .plain) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a number")
            }
            return value
        }
        amount = try figure()
        units = try figure()
        nav = try figure()
        balance = try figure()
    }

    /// Encodes the stored form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(id)
        try container.encode(date.iso8601)
        try container.encode(kind.rawValue)
        try container.encode(description)
        for figure in [amount, units, nav, balance] {
            if let figure { try container.encode(figure.plainText) } else { try container.encodeNil() }
        }
    }
}
