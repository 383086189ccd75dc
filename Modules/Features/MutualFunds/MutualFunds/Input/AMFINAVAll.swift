import Foundation
import Money
import Timing

/// One scheme's latest NAV in AMFI's NAVAll.txt, with the category and fund house of its block.
public struct AMFINAV: Sendable, Hashable, Codable {
    /// The AMFI scheme code (the MF API's).
    public var code: Int
    /// The scheme's name.
    public var name: String
    /// Its ISINs (growth or payout, reinvestment), without the `-` placeholders.
    public var isins: [String]
    /// The NAV.
    public var nav: Amount
    /// Its date (older than the file's for schemes that stopped publishing).
    public var date: CalendarDate
    /// The block's category (`Debt Scheme - Banking and PSU Fund`).
    public var category: String?
    /// The block's fund house.
    public var fundHouse: String?
    /// Direct or regular, from the file's Plan column where it has one (nil otherwise: the name says it).
    public var plan: Plan?
    /// Growth or IDCW, from the file's Option column where it has one (nil otherwise: the name says it).
    public var option: PayoutOption?
}

/// AMFI's NAVAll.txt read: every usable row, and how many were not.
public struct AMFINAVFile: Sendable, Hashable, Codable {
    /// The rows, in the file's order.
    public var entries: [AMFINAV]
    /// Rows without a usable code, NAV (`N.A.`) or date.
    public var skippedRows: Int

    /// The file's date: the one most rows carry (a few schemes publish ahead, many stopped long ago).
    public var latestDate: CalendarDate? {
        var counts: [CalendarDate: Int] = [:]
        for entry in entries { counts[entry.date, default: 0] += 1 }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }?.key
    }

    /// The entry of `code`.
    public func entry(code: Int) -> AMFINAV? { entries.first { $0.code == code } }

    /// The entry carrying `isin`.
    public func entry(isin: String) -> AMFINAV? { entries.first { $0.isins.contains(isin) } }
}

/// Why NAVAll.txt cannot be read.
public enum AMFIFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header lacks columns the reader needs.
    case missingColumns([String])

    /// In words.
    public var description: String {
        switch self {
        case .missingColumns(let names): "its header lacks \(names.joined(separator: ", "))"
        }
    }
}

/// Reads NAVAll.txt: semicolon-separated rows under a header naming the columns (read by name, as AMFI has
/// changed the layout over the years), category lines (`Open Ended Schemes(Debt Scheme - Liquid Fund)`),
/// fund-house lines and blank lines between blocks; `N.A.` NAVs and malformed rows are skipped and counted.
public enum AMFINAVAll {
    /// The columns the reader needs.
    public static let requiredColumns = ["Scheme Code", "Scheme Name", "Net Asset Value", "Date"]

    /// Parses the file's text.
    /// - Throws: ``AMFIFormatError`` when the header lacks a needed column.
    public static func parse(_ text: String) throws(AMFIFormatError) -> AMFINAVFile {
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).makeIterator()
        var header: [String] = []
        while let line = lines.next() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty {
                header = trimmed.split(separator: ";", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                }
                break
            }
        }
        let missing = requiredColumns.filter { !header.contains($0.lowercased()) }
        guard missing.isEmpty else { throw .missingColumns(missing) }
        func column(_ name: String) -> Int { header.firstIndex(of: name.lowercased())! }
        let (codeAt, nameAt, navAt, dateAt) = (
            column("Scheme Code"), column("Scheme Name"), column("Net Asset Value"), column("Date")
        )
        let isinColumns = header.indices.filter { header[$0].contains("isin") }
        // Newer files split the plan and option out of the name; older ones leave them in it.
        let planAt = header.firstIndex(of: "plan")
        let optionAt = header.firstIndex(of: "option")
        var entries: [AMFINAV] = []
        var skipped = 0
        var category: String?
        var house: String?
        while let line = lines.next() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            guard trimmed.contains(";") else {
                if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
                    category = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
                    house = nil
                } else {
                    house = trimmed
                }
                continue
            }
            let fields = trimmed.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= header.count, let code = Int(fields[codeAt]),
                let nav = try? Amount(parsing: fields[navAt], options: .plain), nav.isPositive,
                let date = StatementDate.parse(fields[dateAt])
            else {
                skipped += 1
                continue
            }
            let isins = isinColumns.map { fields[$0] }.filter { $0.count == 12 }
            let name = fields[nameAt]
            // Only the columns are read here: classifying 14,000 names would slow every parse for the few held.
            let plan = planAt.flatMap { SchemeClassifier.plan(name: fields[$0]) }
            let option = optionAt.flatMap { SchemeClassifier.option(name: fields[$0]) }
            entries.append(
                AMFINAV(
                    code: code, name: name, isins: isins, nav: nav, date: date, category: category,
                    fundHouse: house, plan: plan, option: option))
        }
        return AMFINAVFile(entries: entries, skippedRows: skipped)
    }
}
