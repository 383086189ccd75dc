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
            let document = try PortfolioReader.document(
                text: text, path: path == "-" ? nil : path, defaultAnalysisDate: defaultAnalysisDate)
            for warning in document.warnings { context.terminal.warn("\(source): \(warning)") }
            return (document.holdings, source)
        } catch {
            throw error.folioError(source: source)
        }
    }

    /// Saved holdings valued at the market's prices (`analyze --saved NAME --live`).
    /// - Throws: ``FolioError``: usage without market data; the market's refusals; the holdings' problems (65).
    func refresh(
        _ holdings: [ETFHolding], source: String, analysisDate: CalendarDate
    ) async throws -> (holdings: [ETFHolding], fills: [MarketFill]) {
        let market = try market()
        do {
            return try await LivePrices.refresh(
                holdings, market: market, analysisDate: analysisDate, mode: context.offline ? .offline : .normal)
        } catch let error as PortfolioInputError {
            throw error.folioError(source: source)
        }
    }

    /// Reads a portfolio at `path` (CSV or JSON), fills its empty prices from the market, then validates it as
    /// ``load(_:defaultAnalysisDate:)`` does.
    /// - Throws: ``FolioError``: usage without market data; the market's refusals; the rows' problems (65).
    func loadLive(
        _ path: String, analysisDate: CalendarDate
    ) async throws -> (holdings: [ETFHolding], source: String, fills: [MarketFill]) {
        let (text, source) = try text(of: path)
        let market = try market()
        let mode: MarketDataService.Mode = context.offline ? .offline : .normal
        do {
            let document: PortfolioDocument
            let fills: [MarketFill]
            if PortfolioFormat.detect(path: path == "-" ? nil : path, text: text) == .json {
                (document, fills) = try await LivePrices.read(
                    json: text, market: market, analysisDate: analysisDate, mode: mode)
            } else {
                let filled = try await LivePrices.fill(
                    try PortfolioReader.table(csv: text), market: market, analysisDate: analysisDate, mode: mode)
                fills = filled.fills
                document = try PortfolioReader.read(filled.table, defaultAnalysisDate: analysisDate)
            }
            for warning in document.warnings { context.terminal.warn("\(source): \(warning)") }
            return (document.holdings, source, fills)
        } catch let error as PortfolioInputError {
            throw error.folioError(source: source)
        }
    }

    /// The host's market data, which `--live` needs.
    private func market() throws -> MarketDataService {
        guard let market = context.marketData else {
            throw FolioError(.usage, "no market data for --live", why: "the host gave the etf feature no market data")
        }
        return market
    }
}
