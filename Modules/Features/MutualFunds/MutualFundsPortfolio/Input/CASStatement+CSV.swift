import Failures
import Foundation
import Money
import MutualFunds
import Timing

extension CASStatement {
    /// The columns casparser's CSV export writes (`casparser FILE.pdf -o FILE.csv`); the import needs these.
    static let csvColumns = ["amc", "folio", "scheme", "isin", "amfi", "date", "description", "amount", "units", "nav",
        "balance", "type"]

    /// Reads casparser's CSV export: one row per transaction, columns found by the names in the header. The CSV
    /// carries no opening or closing units, so each scheme opens with the balance before its first row.
    /// - Throws: ``FolioError`` (data error) naming the line and column that cannot be read.
    public static func csv(_ text: String) throws(FolioError) -> CASStatement {
        let records = CSVRecords.parse(text)
        guard let header = records.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else {
            throw FolioError(.dataError, "cannot read the statement", why: "the file is empty", field: "file")
        }
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
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            func field(_ name: String) -> String {
                let index = column[name]!
                return index < record.fields.count ? record.fields[index].trimmingCharacters(in: .whitespaces) : ""
            }
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

/// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; each record keeps the line
/// it starts on for messages.
enum CSVRecords {
    struct Record {
        var line: Int
        var fields: [String]
    }

    static func parse(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var start = 1
        var characters = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending {
                pending = nil
                return character
            }
            return characters.next()
        }
        while let character = next() {
            if quoted {
                if character == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { quoted = false; pending = following }
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                fields.append(field)
                records.append(Record(line: start, fields: fields))
                fields = []
                field = ""
                line += 1
                start = line
            default: field.append(character)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(line: start, fields: fields))
        }
        return records
    }
}
