import Failures
import Foundation
import Money
import MutualFunds
import Timing

/// A statement as casparser writes it (JSON, or its CSV export): the schemes it lists, each with its
/// transactions in the statement's order, before any check.
public struct CASStatement: Sendable, Hashable {
    /// `DETAILED` or `SUMMARY` (nil when the file does not say, as casparser's CSV does not).
    public var casType: String?
    /// The schemes, in the statement's order.
    public var schemes: [HeldScheme]

    /// Creates a statement.
    public init(casType: String?, schemes: [HeldScheme]) {
        self.casType = casType
        self.schemes = schemes
    }

    /// Reads casparser JSON: decimals as JSON strings or numbers (both exact, never through `Double`), `amfi` as
    /// a number, a numeric string or null, dates as `YYYY-MM-DD` or `DD-Mon-YYYY`.
    /// - Throws: ``FolioError`` (data error) naming what could not be read.
    public static func json(_ data: Data) throws(FolioError) -> CASStatement {
        do {
            let file = try JSONDecoder().decode(CASFile.self, from: data)
            var schemes: [HeldScheme] = []
            for folio in file.folios {
                for scheme in folio.schemes {
                    let isin = scheme.isin.flatMap { $0.isEmpty ? nil : $0 }
                    let key = SchemeKey(folio: folio.folio, scheme: isin ?? scheme.scheme)
                    schemes.append(
                        HeldScheme(
                            folio: folio.folio, amc: folio.amc ?? "", name: scheme.scheme, isin: isin,
                            amfi: scheme.amfi?.value, statementType: scheme.type?.uppercased(),
                            openingUnits: scheme.open?.value ?? .zero, closingUnits: scheme.close?.value,
                            transactions: scheme.transactions.map { row in
                                PortfolioTransaction(
                                    scheme: key, date: row.date.value, kind: TransactionKind(statementType: row.type),
                                    description: row.description ?? "", amount: row.amount?.value,
                                    units: row.units?.value, nav: row.nav?.value, balance: row.balance?.value)
                            }))
                }
            }
            return CASStatement(casType: file.casType?.uppercased(), schemes: schemes)
        } catch let error as DecodingError {
            throw FolioError(
                .dataError, "cannot read the statement", why: "it is not casparser JSON: \(Self.describe(error))",
                hint: "export it with casparser (casparser FILE.pdf -o FILE.json)", field: "file")
        } catch {
            throw FolioError(.dataError, "cannot read the statement", why: "\(error)", field: "file")
        }
    }

    /// A decoding error in words, with the JSON path it happened at.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = path(context)
            return (at.isEmpty ? "" : at + ": ") + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}

/// casparser's JSON, only the parts an import reads.
private struct CASFile: Decodable {
    var casType: String?
    var folios: [Folio]

    enum CodingKeys: String, CodingKey {
        case casType = "cas_type"
        case folios
    }

    struct Folio: Decodable {
        var folio: String
        var amc: String?
        var schemes: [Scheme]
    }

    struct Scheme: Decodable {
        var scheme: String
        var isin: String?
        var amfi: LenientCode?
        var type: String?
        var open: LenientAmount?
        var close: LenientAmount?
        var transactions: [Row]
    }

    struct Row: Decodable {
        var date: StatementDate
        var description: String?
        var amount: LenientAmount?
        var units: LenientAmount?
        var nav: LenientAmount?
        var balance: LenientAmount?
        var type: String
    }
}

/// A decimal as casparser writes it (`"4999.75"`, `"1,234.5"`) or as other tools re-save it (a JSON number).
struct LenientAmount: Decodable, Sendable {
    var value: Amount

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            let plain = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
            do {
                value = try Amount(parsing: plain, options: .plain)
            } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a number")
            }
        } else {
            value = try container.decode(Amount.self)
        }
    }
}

/// A scheme code as a number or a numeric string.
struct LenientCode: Decodable, Sendable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else {
            value = Int(try container.decode(String.self).trimmingCharacters(in: .whitespaces))
        }
    }
}
