import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio` (`show`): the holdings valued, XIRR, allocation.
struct PortfolioShow: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Value the portfolio: units, invested, value, gain and XIRR per scheme and in total; allocation.",
        discussion: """
            Units: the opening units plus every transaction's. Invested: what the units held cost — purchases \
            less what was redeemed, at cost, first in first out. Value: units × the newest NAV Folio has, from \
            AMFI's daily file or a stored MF API history whichever is newer (or the NAV on or before --as-of), \
            to the paisa, with the NAV's date, age and source. A NAV more than \(NAVStatus.staleAfterDays) days \
            old (or from an expired cached copy) is marked stale; one more than \(NAVStatus.inactiveAfterDays) \
            days behind the newest NAV known is marked inactive: the scheme has probably been wound up or \
            merged. Gain = value − invested. Schemes are matched to MF API codes by the statement's AMFI code, else \
            by ISIN through the scheme list.

            \(Definitions.xirr) The cash flows are the investor's own: purchases, SIPs and switches in paid \
            (negative), redemptions, switches out and dividend payouts received (positive), stamp duty, STT and \
            TDS paid; reinvested dividends move no money. The value is the last, positive flow on its NAV date.

            Allocation: the value by category (equity, debt, hybrid, solution, other), fund house and plan \
            (direct or regular, as AMFI's Plan column or the scheme's name says).

            Examples:
              folio funds portfolio
              folio funds portfolio --as-of 2024-03-31 --format json
            """
    )

    @Option(help: ArgumentHelp("Value at the NAVs on or before this date (YYYY-MM-DD).", valueName: "date"))
    var asOf: ISODate?

    @OptionGroup var cache: CacheOptions
    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let services = FundsServices(context: context)
        let mode = try services.mode(refresh: cache.refresh)
        let date = try asOf?.date(for: "--as-of")
        let service = try services.portfolio()
        let positions = try await service.positions(asOf: date)
        let bar = services.progressBar("Fetching NAVs", count: positions.count)
        let report = try await service.valuePortfolio(positions, asOf: date, mode: mode, progress: { bar?.advance() })
        bar?.finish()
        for warning in report.warnings { context.terminal.warn(warning) }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(report), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(report.holdings, columns: HoldingRow.columns), to: context.terminal)
        case .table:
            try formatting.emit(
                PortfolioText.render(report, width: formatting.tableWidth(on: context.terminal), context: context),
                to: context.terminal)
        }
    }
}
