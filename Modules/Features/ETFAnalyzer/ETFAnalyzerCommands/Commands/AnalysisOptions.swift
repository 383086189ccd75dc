import ArgumentParser
import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import Money
import Networking
import Timing

/// How an analysis is written: the three shared formats plus the shareable Markdown report.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case csv
    case markdown
}

/// The options of every command that ends in an analysis (`analyze`, `new`).
struct AnalysisOptions: ParsableArguments {
    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The analysis date for rows without one (default: today).", valueName: "YYYY-MM-DD"))
    var asOf: String?

    @Flag(help: "Show the full breakdown of every ETF.")
    var details = false

    @Option(help: ArgumentHelp("Assumed annual growth for the fee drag, in percent.", valueName: "pct"))
    var growth: String = "7"

    @Option(
        help: ArgumentHelp("Currency of the prices, for display (ISO code).", valueName: "code"),
        completion: .priceCurrencies)
    var currency: String = "USD"

    @Option(help: "Output format: table, json, csv or markdown.")
    var format: ReportFormat = .table

    @Option(
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    /// The default analysis date: `--as-of`, else today in the local time zone.
    func analysisDate(in context: FeatureContext) throws -> CalendarDate {
        guard let asOf else { return CalendarDate(context.timing.now(), in: .current) }
        return try DateArgument.parse(asOf, option: "--as-of")
    }

    /// `--growth` as a fraction (7 → 0.07).
    func growthRate() throws -> Amount {
        let text = growth.hasSuffix("%") ? String(growth.dropLast()) : growth
        guard let percent = try? Amount(parsing: text, options: ParseOptions(allowsGrouping: false)) else {
            throw FolioError(.refused, "--growth \(growth) is not a number", hint: "--growth 7 means 7 % a year")
        }
        guard percent > -100, percent <= 100 else {
            throw FolioError(
                .refused, "--growth \(growth) is out of range",
                why: "the growth rate must be above -100 and at most 100 (percent)")
        }
        return try percent.divided(by: 100)
    }

    /// The validated currency code, upper-cased.
    func currencyCode() throws -> String {
        let code = currency.uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw FolioError(
                .usage, "--currency \(currency) is not a currency code", hint: "use an ISO code such as USD, EUR or GBP"
            )
        }
        return code
    }

    /// Checks every option before any work, so a typo never costs a prompt session.
    func validate(in context: FeatureContext) throws {
        _ = try analysisDate(in: context)
        _ = try growthRate()
        _ = try currencyCode()
    }
}
