import ArgumentParser
import ETFAnalyzer
import FeatureCLI
import FeatureKit
import Foundation

/// `folio etf analyze FILE|--saved NAME`: the full analysis.
struct AnalyzeCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyze a portfolio file (CSV or JSON, - for stdin) or a saved portfolio.",
        discussion: """
            Every row is checked first: name not empty, expense ratio ≥ 0,
            yield ≥ 0, shares > 0, prices > 0, analysis date ≥ purchase date,
            numbers and dates readable. All problems are listed with their row
            and column and nothing is analyzed (exit 65).

            Per ETF (years = days held / 365; rates in percent):
              initial = shares × purchase price
              current value = shares × current price
              capital appreciation = current value − initial
              yield income = initial × yield % × years
              gross return = capital appreciation + yield income
              expenses = initial × expense ratio % × years
              net return = gross return − expenses
              final value = initial + net return
              return = net return / initial
              annualized = (final / initial)^(365 / days) − 1
                (not shown for 0 days; * marks under a year)
            Portfolio:
              weight = initial / Σ initial
              weighted annual return = Σ weight × annualized
                (ETFs held 0 days left out, other weights rescaled)
              allocation = current value / Σ current value
              own annual return = (Σ final / Σ initial)^(365 / D) − 1,
                D = Σ weight × days held
              weighted expense ratio = Σ allocation × expense ratio
              annual fees = Σ current value × expense ratio %
              fee drag (n = 10, 20, 30 years, g = --growth,
                V = Σ current value, e = weighted expense ratio):
                V × (1 + g)^n − V × (1 + g − e)^n
            JSON and CSV give returns, weights and allocations as fractions
            (0.1234 is 12.34%) to 10 places, and computed money at the
            currency's minor unit (half-even: 637.34 for USD).

            --live (CSV or JSON files, saved portfolios): a row with a symbol
            (a symbol column or key) and an empty purchase_price or
            current_price (purchasePrice, currentPrice) gets the market's
            close on its
            purchase date or analysis date (the last trading day on or
            before it; closes are adjusted for later splits, so shares are
            today's); every row with a symbol also shows the dividends
            actually paid per share between its purchase and analysis
            dates beside the yield-based income. Typed prices win; a saved
            portfolio's holdings with a symbol are valued at the close on
            their analysis date (the saved price was the day's it was saved). Prices
            come from FOLIO_MARKET (Yahoo Finance by default).

            Examples:
              folio etf analyze Modules/Features/ETFAnalyzer/Examples/etfs.csv
              folio etf analyze holdings.csv --live
              folio etf analyze --saved core --live
              folio etf analyze --saved core --format markdown --output r.md
            """
    )

    @Argument(
        help: ArgumentHelp("The portfolio file, or - for standard input.", valueName: "file"),
        completion: .portfolioFiles)
    var file: String?

    @Option(
        help: ArgumentHelp("Analyze a portfolio saved with `folio etf save`.", valueName: "name"),
        completion: .savedPortfolioNames)
    var saved: String?

    @Flag(
        help: "Fill empty prices from the market and show the dividends actually paid (rows with a symbol)."
    )
    var live = false

    @OptionGroup var options: AnalysisOptions

    func validate() throws {
        if file != nil && saved != nil { throw ValidationError("Give a file or --saved NAME, not both.") }
        if file == nil && saved == nil { throw ValidationError("Give a portfolio file (or -), or --saved NAME.") }
    }

    func run(in context: FeatureContext) async throws {
        let services = ETFAnalyzerServices(context: context)
        try options.validate(in: context)
        let writer = ReportWriter(options: options, context: context)
        if let saved {
            let portfolio = try await mappingDomainErrors {
                try await services.analysis.portfolio(named: saved)
            }
            guard live else {
                return try writer.analyzeAndEmit(portfolio.holdings, source: "saved portfolio \(portfolio.name)")
            }
            let refreshed = try await services.loader.refresh(
                portfolio.holdings, source: "saved portfolio \(portfolio.name)",
                analysisDate: try options.analysisDate(in: context))
            try writer.analyzeAndEmit(
                refreshed.holdings, source: "saved portfolio \(portfolio.name)", market: refreshed.fills)
        } else if let file, live {
            let loaded = try await services.loader.loadLive(file, analysisDate: try options.analysisDate(in: context))
            try writer.analyzeAndEmit(loaded.holdings, source: loaded.source, market: loaded.fills)
        } else if let file {
            let loaded = try services.loader.load(file, defaultAnalysisDate: try options.analysisDate(in: context))
            try writer.analyzeAndEmit(loaded.holdings, source: loaded.source)
        }
    }
}
