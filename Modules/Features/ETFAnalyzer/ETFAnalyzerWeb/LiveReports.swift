import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The report at the market's prices: a form's empty prices filled, or a saved portfolio valued at the closes.
extension ETFReportPage {
    /// The report of rows whose empty prices are filled from the market, as `etf analyze --live` makes it.
    static func liveReport(
        of form: ReportForm, asOf: CalendarDate?, context: FeatureContext, service: PortfolioAnalysisService
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        let (document, fills) = try await liveDocument(of: form, asOf: asOf, context: context)
        do {
            var report = try service.analyze(document.holdings, asOf: asOf)
            report.market = fills
            return (report, document.warnings)
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }

    /// The saved portfolio `name` at the market's prices, as `etf analyze --saved NAME --live` values it.
    static func savedLiveReport(
        _ name: String, asOf: CalendarDate?, context: FeatureContext, service: PortfolioAnalysisService
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        guard let market = context.marketData else { throw noMarket }
        do {
            return (try await service.analyze(saved: name, asOf: asOf, market: market), [])
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }

    /// The form's rows with their empty prices filled from the market (the closes on their purchase and analysis
    /// dates, `asOf` or today for rows without their own), and what was filled: for the report and for saving.
    static func liveDocument(
        of form: ReportForm, asOf: CalendarDate?, context: FeatureContext
    ) async throws -> (document: PortfolioDocument, fills: [MarketFill]) {
        guard let market = context.marketData else { throw noMarket }
        let date = asOf ?? CalendarDate(context.timing.now(), in: .current)
        do {
            if PortfolioFormat.detect(path: nil, text: form.csv) == .json {
                return try await LivePrices.read(
                    json: form.csv, market: market, analysisDate: date, maximumRows: PortfolioText.maximumRows)
            }
            let (filled, fills) = try await LivePrices.fill(
                try PortfolioReader.table(csv: form.csv), market: market, analysisDate: date,
                maximumRows: PortfolioText.maximumRows)
            return (try PortfolioReader.read(filled, defaultAnalysisDate: date), fills)
        } catch let error as PortfolioInputError {
            throw PortfolioText.Refusal(issues: error.issues)
        } catch let error as LivePrices.TooManyRows {
            throw PortfolioText.tooManyRows(error.count)
        }
    }

    /// The refusal when the host gave no market data, which market prices need.
    static let noMarket = FolioError(
        .unavailable, "no market prices", why: "the server has no market data for the etf feature")
}
