import Failures
import Foundation
import MarketData
import Money
import Persistence
import Timing

/// The ETF use cases over the feature's store: analyse holdings or a saved portfolio at a date, and keep
/// portfolios under a name. A reusing app needs only this target and the live kernels:
/// `try await PortfolioAnalysisService(store: store, timing: .live).analyze(saved: "core", asOf: nil)`.
public struct PortfolioAnalysisService: Sendable {
    /// The fee drag's growth unless the caller says otherwise: 7 % a year.
    public static let defaultGrowthRate = Amount(7, places: 2)

    private let portfolios: SavedPortfolios
    private let timing: Timing

    /// Creates the service.
    /// - Parameters:
    ///   - store: The feature's store, where portfolios are saved.
    ///   - timing: The wall clock that says what "today" is when no analysis date is given.
    public init(store: any KeyValueStore, timing: Timing) {
        portfolios = SavedPortfolios(store: store)
        self.timing = timing
    }

    /// The analysis of `holdings`.
    /// - Parameters:
    ///   - asOf: The analysis date of rows without their own; nil is today in the local time zone.
    ///   - growthRate: The fee drag's annual growth, as a fraction.
    ///   - currency: The prices' ISO code, whose minor unit computed money is reported at.
    /// - Throws: ``PortfolioInputError`` listing every row that breaks a rule (nothing is analysed then);
    ///   ``FolioError`` (refused) when a figure is beyond what can be computed.
    public func analyze(
        _ holdings: [ETFHolding], asOf: CalendarDate?, growthRate: Amount = defaultGrowthRate, currency: String = "USD"
    ) throws -> PortfolioReport {
        let date = asOf ?? CalendarDate(timing.now(), in: .current)
        let issues = PortfolioReader.validate(holdings, defaultAnalysisDate: date)
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        do {
            var report = try PortfolioCalculator.report(holdings, defaultAnalysisDate: date, growthRate: growthRate)
            report.currency = currency
            return report
        } catch {
            throw FolioError(
                .refused, "the portfolio cannot be analyzed",
                why: "a figure is beyond what folio can compute (\(error))",
                hint: "check the shares and prices for a typo")
        }
    }

    /// The analysis of the portfolio saved as `name`.
    /// - Throws: ``SavedPortfolioError/notFound(_:)`` when nothing is saved under `name`; what
    ///   ``analyze(_:asOf:growthRate:currency:)`` throws.
    public func analyze(
        saved name: String, asOf: CalendarDate?, growthRate: Amount = defaultGrowthRate, currency: String = "USD"
    ) async throws -> PortfolioReport {
        try analyze(try await portfolios.load(name).holdings, asOf: asOf, growthRate: growthRate, currency: currency)
    }

    /// The analysis of the portfolio saved as `name` at the market's prices (`etf analyze --saved NAME --live`):
    /// each holding with a symbol valued at the close on its analysis date, with what the market filled in.
    /// - Throws: as ``analyze(saved:asOf:growthRate:currency:)``; what ``LivePrices/refresh(_:market:analysisDate:mode:)``
    ///   throws.
    public func analyze(
        saved name: String, asOf: CalendarDate?, market: MarketDataService, mode: MarketDataService.Mode = .normal
    ) async throws -> PortfolioReport {
        let holdings = try await portfolios.load(name).holdings
        let refreshed = try await LivePrices.refresh(
            holdings, market: market, analysisDate: asOf ?? CalendarDate(timing.now(), in: .current), mode: mode)
        var report = try analyze(refreshed.holdings, asOf: asOf)
        report.market = refreshed.fills
        return report
    }

    /// The portfolio saved as `name`.
    /// - Throws: ``SavedPortfolioError/notFound(_:)``.
    public func portfolio(named name: String) async throws -> SavedPortfolio {
        try await portfolios.load(name)
    }

    /// Every saved portfolio, by name, as a list shows it.
    /// - Throws: ``FolioError`` (data error) when a portfolio's total is too large to compute.
    public func list() async throws -> [SavedPortfolioSummary] {
        do {
            return try await portfolios.all().map { portfolio throws(MoneyError) in try SavedPortfolioSummary(portfolio)
            }
        } catch let error as MoneyError {
            throw FolioError(.dataError, "a saved portfolio's total is too large to compute", why: "\(error)")
        }
    }

    /// Saves `holdings` as `name`, replacing one of that name only when `replace` says so.
    /// - Returns: Whether a portfolio was replaced.
    /// - Throws: ``SavedPortfolioError`` for an invalid name or one already taken.
    public func save(_ name: String, holdings: [ETFHolding], source: String, replace: Bool) async throws -> Bool {
        try await portfolios.save(
            SavedPortfolio(name: name, savedAt: timing.now(), source: source, holdings: holdings), replace: replace)
    }

    /// Whether a portfolio is saved as `name`: asked before someone spends time typing one in to save under it.
    /// - Throws: ``SavedPortfolioError/invalidName(_:)`` for a name that could never be saved.
    public func isSaved(_ name: String) async throws -> Bool {
        try SavedPortfolios.validate(name: name)
        return try await portfolios.exists(name)
    }

    /// Removes the portfolio saved as `name`.
    /// - Throws: ``SavedPortfolioError/notFound(_:)``.
    public func delete(_ name: String) async throws {
        try await portfolios.delete(name)
    }
}
