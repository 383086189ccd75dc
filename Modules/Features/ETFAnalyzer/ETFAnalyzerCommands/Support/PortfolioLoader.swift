import ETFAnalyzer
import FeatureKit
import Foundation
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
            let document = try PortfolioReader.read(
                text, path: path == "-" ? nil : path, defaultAnalysisDate: defaultAnalysisDate)
            for warning in document.warnings { context.terminal.warn("\(source): \(warning)") }
            return (document.holdings, source)
        } catch {
            throw error.folioError(source: source)
        }
    }
}
