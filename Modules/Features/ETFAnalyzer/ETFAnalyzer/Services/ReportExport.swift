import Foundation

/// A report as the files people take away: CSV and Markdown, byte for byte the same whichever face asks
/// (`folio etf analyze --format csv|markdown`, the `/etf` page's downloads). Plain text: no terminal styling.
public enum ReportExport {
    /// The report as CSV (RFC 4180, CRLF line ends): one row per ETF with the JSON rows' keys as columns
    /// (``ETFRow/columns``), figures as the JSON gives them, an absent annualized return empty.
    public static func csv(_ report: PortfolioReport) -> String {
        // One growing string, not a string per row joined at the end: a large report would hold both at once.
        var document = ""
        document.reserveCapacity(160 * (report.etfs.count + 1))
        for fields in [ETFRow.columns] + report.rows.map(\.fields) {
            for (index, field) in fields.enumerated() {
                if index > 0 { document.append(",") }
                document.append(csvField(field))
            }
            document.append("\r\n")
        }
        return document
    }

    /// The shareable Markdown report: summary, ETF table, allocation, fee drag, every ETF's breakdown and the
    /// formulas, so the file stands on its own when sent to someone.
    /// - Parameter currencySymbol: How the report's currency is written before money (`$`); the face passes
    ///   FeatureKit's `NumberFormat.currencySymbol(report.currency)` so the house writes currencies one way.
    public static func markdown(_ report: PortfolioReport, currencySymbol: String) -> String {
        MarkdownReport(report: report, text: ReportText(symbol: currencySymbol)).render()
    }

    /// One CSV field: quoted, with quotes doubled, only when it holds a comma, a quote or a line break (RFC 4180),
    /// the rule FeatureKit's `CSVOutput` writes by, which the domain may not import.
    static func csvField(_ text: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n". Compared one by one
        // rather than through a Set built on every call: a 10,000-row report asks 160,000 times.
        let needsQuotes = text.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        guard needsQuotes else { return text }
        // Split and joined in Swift: `replacingOccurrences` goes through NSString, a tenth of a large report's time.
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
