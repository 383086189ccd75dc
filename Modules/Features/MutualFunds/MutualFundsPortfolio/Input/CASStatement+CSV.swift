import CSVText
import Failures
import Foundation
import Money
import MutualFunds
import Timing

extension CASStatement {
    /// The columns casparser's CSV export writes (`casparser FILE.pdf -o FILE.csv`); the import needs these.
    static let csvColumns = [
        "amc", "folio", "scheme", "isin", "amfi", "date", "description", "amount", "units", "nav",
        "balance", "type",
    ]

    /// Reads casparser's CSV export: one row per transaction, columns found by the names in the header. The CSV
    /// carries no opening or closing units, so each scheme opens with the balance before its first row.
    /// - Throws: ``FolioError`` (data error) naming the line and column that cannot be read.
    public static func csv(_ text: String) throws(FolioError) -> CASStatement {
        let table: CSVTable
        do {
            table = try CSVTable(text: text)
        } catch {
            let why = error.reason == .empty ? "the file is empty" : "line \(error.line): \(error.message)"
            throw FolioError(.dataError, "cannot read the statement", why: why, field: "file")
        }
        let header = table.header.map { $0.lowercased() }
        let missing = csvColumns.filter { !header.contains($0) }
        guard missing.isEmpty else {
            throw FolioError(
                .dataError, "cannot read the statement",
                why: "its header lacks \(missing.joined(separator: ", ")) — it is not casparser's CSV export",
                field: "file")
        }
        let column = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var order: [SchemeKey] = []
        var schemes: [SchemeKey: HeldScheme] = [:]
        for record in table.rows {
            func field(_ name: String) -> String { record.fields[column[name]!] }
            func amount(_ name: String) throws(FolioError) -> Amount? {
                let text = field(name).replacingOccurrences(of: ",", with: "")
                guard !text.isEmpty, text.lowercased() != "none" else { return nil }
                guard let value = try? Amount(parsing: text, options: .plain) else {
                    throw FolioError(
                        .dataError, "cannot read the statement",
                        why: "line \(record.line): \(name) \"\(field(name))\" is not a number", field: "file")
                }
                return value
            }
            guard let date = StatementDate.parse(field("date")) else {
                throw FolioError(
                    .dataError, "cannot read the statement",
                    why: "line \(record.line): date \"\(field("date"))\" is not a date", field: "file")
            }
            let isin = field("isin").isEmpty || field("isin").lowercased() == "none" ? nil : field("isin")
            let key = SchemeKey(folio: field("folio"), scheme: isin ?? field("scheme"))
            let units = try amount("units")
            let balance = try amount("balance")
            if schemes[key] == nil {
                order.append(key)
                schemes[key] = HeldScheme(
                    folio: key.folio, amc: field("amc"), name: field("scheme"), isin: isin, amfi: Int(field("amfi")))
            }
            if schemes[key]!.transactions.allSatisfy({ $0.units == nil }), let units, let balance {
                schemes[key]!.openingUnits = (try? balance - units) ?? .zero
            }
            schemes[key]!.transactions.append(
                PortfolioTransaction(
                    scheme: key, date: date, kind: TransactionKind(statementType: field("type")),
                    description: field("description"), amount: try amount("amount"), units: units,
                    nav: try amount("nav"), balance: balance))
        }
        return CASStatement(casType: nil, schemes: order.map { schemes[$0]! })
    }
}
