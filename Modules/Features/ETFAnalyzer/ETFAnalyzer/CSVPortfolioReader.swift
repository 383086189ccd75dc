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
        // Trimming makes CSV.swift test every character against a CharacterSet, which costs more than the
        // rest of the parse; it is only needed to see a quote after white space (`a, "b, c"`).
        guard
            let reader = try? CSVReader(
                string: prepared.text, hasHeaderRow: false, trimFields: prepared.needsTrimming)
        else {
            throw PortfolioInputError(issues: [InputIssue(row: nil, column: nil, message: "the CSV text cannot be read")])
        }
        guard let header = reader.next() else {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, column: nil, message: "the file is empty — it needs a header row and one row per ETF")
            ])
        }
        let (columns, warnings) = try mapHeader(header, line: prepared.lines.first ?? 1)
        var columnIndex = [Int?](repeating: nil, count: PortfolioField.allCases.count)
        for (index, field) in columns.enumerated() {
            if let field { columnIndex[field.ordinal] = index }
        }
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
                guard let index = columnIndex[field.ordinal] else { return .missing }
                let value = fields[index]
                return field == .analysisDate && HoldingRules.trim(value).isEmpty
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
                let shown = HoldingRules.trim(title).isEmpty ? "(untitled)" : "\"\(HoldingRules.trim(title))\""
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
        let missing = PortfolioField.allCases.filter { $0.isRequired && seen[$0] == nil }.map(\.csvName)
        if !missing.isEmpty {
            let required = PortfolioField.allCases.filter(\.isRequired).map(\.csvName).joined(separator: ",")
            issues.append(InputIssue(
                row: nil, line: line, column: nil,
                message: "the header lacks \(missing.joined(separator: ", ")) — it needs \(required)[,analysis_date] "
                    + "in any order"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        return (columns, warnings)
    }

    /// The text without comment and blank lines, the 1-based line each remaining record starts on, and
    /// whether a quoted field follows white space (so CSV.swift must trim fields to see the quote).
    struct Prepared {
        var text: String
        var lines: [Int]
        var needsTrimming: Bool

        init(_ original: String) throws(PortfolioInputError) {
            var kept: [Substring] = []
            var starts: [Int] = []
            var insideQuotes = false
            var quoteOpenedOn = 0
            var lineNumber = 0
            var trimming = false
            var dropped = false
            let utf8 = original.utf8
            var lineStart = utf8.startIndex
            if original.hasPrefix("\u{FEFF}") { lineStart = original.index(after: original.startIndex) }
            while lineStart < utf8.endIndex {
                let newline = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
                lineNumber += 1
                var lineEnd = newline
                if lineEnd > lineStart, utf8[utf8.index(before: lineEnd)] == UInt8(ascii: "\r") {
                    lineEnd = utf8.index(before: lineEnd)
                }
                let line = utf8[lineStart..<lineEnd]
                lineStart = newline == utf8.endIndex ? newline : utf8.index(after: newline)
                if !insideQuotes {
                    let first = line.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                    if first == nil || first == UInt8(ascii: "#") {
                        dropped = true
                        continue
                    }
                    starts.append(lineNumber)
                }
                kept.append(Substring(line))
                var previous = UInt8(ascii: ",")
                var blankRun = false
                for byte in line {
                    if byte == UInt8(ascii: "\"") {
                        if !insideQuotes && blankRun && previous != UInt8(ascii: "\"") { trimming = true }
                        insideQuotes.toggle()
                        if insideQuotes { quoteOpenedOn = lineNumber }
                    }
                    if !insideQuotes {
                        if byte == UInt8(ascii: ",") {
                            blankRun = false
                            previous = byte
                            continue
                        }
                        if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                            if previous == UInt8(ascii: ",") { blankRun = true }
                            continue
                        }
                        blankRun = false
                    }
                    previous = byte
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
            // Copying a large file costs more than scanning it: keep the original when nothing was dropped.
            if dropped {
                text = kept.joined(separator: "\n")
            } else if original.hasPrefix("\u{FEFF}") {
                text = String(original.dropFirst())
            } else {
                text = original
            }
            lines = starts
            needsTrimming = trimming
        }
    }
}
