import CSVText
import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import MarketData
import Timing

/// Reads a portfolio from a file or standard input (`-`), validates it and reports every problem at once.
struct PortfolioLoader {
    var context: FeatureContext

    /// The file's text and a name for messages.
    func text(of path: String) throws -> (text: String, source: String) {
        if path == "-" {
            if context.terminal.inputIsInteractive {
                context.terminal.printError("Reading a portfolio from standard input; end it with Ctrl-D.")
            }
            var lines: [String] = []
            while let line = context.terminal.readLine() { lines.append(line) }
            return (lines.joined(separator: "\n"), "stdin")
        }
        // FeatureKit's rule: a missing, folder or unreadable input file is exit 66 in every feature.
        let text = try InputFile.text(atPath: path)
        return (text, path)
    }

    /// Reads and validates the portfolio at `path`, printing its warnings.
    /// - Parameter defaultAnalysisDate: For the date-order rule; nil checks it only for rows with their own date.
    func load(_ path: String, defaultAnalysisDate: CalendarDate?) throws -> (holdings: [ETFHolding], source: String) {
        let (text, source) = try text(of: path)
        do {
            let document = try Self.document(
                text, path: path == "-" ? nil : path, defaultAnalysisDate: defaultAnalysisDate)
            for warning in document.warnings { context.terminal.warn("\(source): \(warning)") }
            return (document.holdings, source)
        } catch {
            throw error.folioError(source: source)
        }
    }

    /// Reads a CSV portfolio at `path`, fills its empty prices from the market, then validates it as ``load(_:defaultAnalysisDate:)`` does.
    /// - Throws: ``FolioError``: usage for a JSON file or without market data; the market's refusals; the rows' problems (65).
    func loadLive(
        _ path: String, analysisDate: CalendarDate
    ) async throws -> (holdings: [ETFHolding], source: String, fills: [MarketFill]) {
        let (text, source) = try text(of: path)
        guard PortfolioFormat.detect(path: path == "-" ? nil : path, text: text) == .csv else {
            throw FolioError(
                .usage, "--live reads CSV portfolios", why: "\(source) is JSON", hint: "give the portfolio as CSV")
        }
        guard let market = context.marketData else {
            throw FolioError(.usage, "no market data for --live", why: "the host gave the etf feature no market data")
        }
        do {
            let table = try Self.table(csv: text)
            let mode: MarketDataService.Mode = context.offline ? .offline : .normal
            let (filled, fills) = try await LivePrices.fill(
                table, market: market, analysisDate: analysisDate, mode: mode)
            let document = try PortfolioReader.read(filled, defaultAnalysisDate: analysisDate)
            for warning in document.warnings { context.terminal.warn("\(source): \(warning)") }
            return (document.holdings, source, fills)
        } catch let error as PortfolioInputError {
            throw error.folioError(source: source)
        }
    }

    /// Reads and validates a portfolio text in either form (`format` nil detects it from `path` and the text).
    /// CSV is split by FeatureKit's `CSVTable`, the reader every feature uses; the domain validates the rows.
    /// - Throws: ``PortfolioInputError`` listing every problem with its row, line and column.
    static func document(
        _ text: String, format: PortfolioFormat? = nil, path: String? = nil, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        switch format ?? PortfolioFormat.detect(path: path, text: text) {
        case .csv: try PortfolioReader.read(table(csv: text), defaultAnalysisDate: defaultAnalysisDate)
        case .json: try PortfolioReader.read(json: text, defaultAnalysisDate: defaultAnalysisDate)
        }
    }

    /// The rows of a portfolio CSV: fields trimmed (so a quote after a space still opens a quoted name), `#`
    /// comment lines skipped, a line break inside a quoted name read as LF whether the file used CRLF or LF.
    static func table(csv text: String) throws(PortfolioInputError) -> PortfolioTable {
        let table: CSVTable
        do {
            table = try CSVTable(
                text: text, options: .init(trimsFields: true, skipsComments: true, requiresHeaderWidth: false))
        } catch  where error.reason == .empty {
            return PortfolioTable(header: [], rows: [])
        } catch {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, line: error.line, column: nil, message: error.message)
            ])
        }
        return PortfolioTable(
            header: table.header, headerLine: table.headerLine,
            rows: table.rows.map { PortfolioTable.Row(line: $0.line, fields: $0.fields.map(lineFeeds)) })
    }

    private static func lineFeeds(_ field: String) -> String {
        field.utf8.contains(UInt8(ascii: "\r")) ? field.replacingOccurrences(of: "\r\n", with: "\n") : field
    }
}
