import CSV
import Foundation
import Timing

/// Reads the CSV form of a portfolio: a header naming the columns in any order, one ETF per row, `#` comment
/// lines and blank lines ignored, fields quoted per RFC 4180 (so `"Vanguard, Total Market"` is one name).
///
/// Fields are split by yaslab's CSV.swift; a cheap pass over the text first drops comment lines and records
/// the line each row starts on, which CSV.swift does not report, so errors can point at the line.
enum CSVPortfolioReader {
    static func read(_ text: String, defaultAnalysisDate: CalendarDate?) throws(PortfolioInputError) -> PortfolioDocument {
        let prepared = try Prepared(text)
        guard let reader = try? CSVReader(string: prepared.text, hasHeaderRow: false, trimFields: true) else {
            throw PortfolioInputError(issues: [InputIssue(row: nil, column: nil, message: "the CSV text cannot be read")])
        }
        guard let header = reader.next() else {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, column: nil, message: "the file is empty — it needs a header row and one row per ETF")
            ])
        }
        let (columns, warnings) = try mapHeader(header, line: prepared.lines.first ?? 1)
        let columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().compactMap { index, field in
            field.map { ($0, index) }
        })
        var holdings: [ETFHolding] = []
        var issues: [InputIssue] = []
        var row = 0
        while let fields = reader.next() {
            row += 1
            let line = row < prepared.lines.count ? prepared.lines[row] : nil
            guard fields.count == header.count else {
                var message = "has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(header.count)"
                if fields.count > header.count { message += " — put names that contain commas in double quotes" }
                issues.append(InputIssue(row: row, line: line, column: nil, message: message))
                continue
            }
            var builder = RowBuilder(
                row: row, line: line, columnName: { $0.csvName }, defaultAnalysisDate: defaultAnalysisDate)
            let holding = builder.build { field in
                guard let index = columnIndex[field] else { return .missing }
                let value = fields[index]
                return field == .analysisDate && value.trimmingCharacters(in: .whitespaces).isEmpty
                    ? .missing : .text(value)
            }
            if let holding { holdings.append(holding) }
            issues += builder.issues
        }
        if row == 0 && issues.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the file has a header but no ETF rows"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        return PortfolioDocument(holdings: holdings, warnings: warnings)
    }

    /// The field of each header column (nil for an unknown one), or every header problem at once.
    private static func mapHeader(
        _ header: [String], line: Int
    ) throws(PortfolioInputError) -> ([PortfolioField?], [String]) {
        var issues: [InputIssue] = []
        var warnings: [String] = []
        var seen: [PortfolioField: String] = [:]
        var columns: [PortfolioField?] = []
        for title in header {
            guard let field = PortfolioField(header: title) else {
                let shown = title.isEmpty ? "(untitled)" : "\"\(title)\""
                warnings.append("column \(shown) is not one folio reads, so it is ignored")
                columns.append(nil)
                continue
            }
            if let first = seen[field] {
                issues.append(InputIssue(
                    row: nil, line: line, column: title,
                    message: "appears twice in the header (also as \"\(first)\") — keep one \(field.csvName) column"))
            }
            seen[field] = seen[field] ?? title
            columns.append(field)
        }
        for field in PortfolioField.allCases where field.isRequired && seen[field] == nil {
            issues.append(InputIssue(
                row: nil, line: line, column: field.csvName,
                message: "is missing from the header — the header needs "
                    + PortfolioField.allCases.filter(\.isRequired).map(\.csvName).joined(separator: ",")
                    + "[,analysis_date]"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        return (columns, warnings)
    }

    /// The text without comment and blank lines, and the 1-based line each remaining record starts on.
    struct Prepared {
        var text: String
        var lines: [Int]

        init(_ original: String) throws(PortfolioInputError) {
            var source = Substring(original)
            if source.first == "\u{FEFF}" { source = source.dropFirst() }
            var kept: [Substring] = []
            var starts: [Int] = []
            var insideQuotes = false
            var quoteOpenedOn = 0
            var lineNumber = 0
            for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
                lineNumber += 1
                let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
                if !insideQuotes {
                    let content = line.drop(while: { $0 == " " || $0 == "\t" })
                    if content.isEmpty || content.first == "#" { continue }
                    starts.append(lineNumber)
                }
                kept.append(line)
                for byte in line.utf8 where byte == UInt8(ascii: "\"") {
                    insideQuotes.toggle()
                    if insideQuotes { quoteOpenedOn = lineNumber }
                }
            }
            if insideQuotes {
                throw PortfolioInputError(issues: [
                    InputIssue(
                        row: nil, line: quoteOpenedOn, column: nil,
                        message: "a double quote opened on line \(quoteOpenedOn) is never closed — "
                            + "quote whole fields and double any quote inside one (\"\"); "
                            + "nothing after it can be read")
                ])
            }
            text = kept.joined(separator: "\n")
            lines = starts
        }
    }
}
