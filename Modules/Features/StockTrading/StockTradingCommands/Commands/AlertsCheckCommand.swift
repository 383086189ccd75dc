import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import Settings
import StockTrading
import Timing

struct AlertsCheckCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check your alerts against current prices.",
        discussion: """
            Each check compares every armed alert's price now with the price at its previous check; a crossing \
            fires the alert (once). Prices are refreshed when older than FOLIO_QUOTES_TTL, or always with \
            --refresh; --watch refreshes and checks every --interval until interrupted.

            Examples:
              folio stocks alerts check
              folio stocks alerts check --watch --interval 30s
            """)

    @Flag(help: "Fetch new prices now, whatever their age.")
    var refresh = false

    @Flag(help: "Keep checking every --interval until interrupted.")
    var watch = false

    @Option(
        help: ArgumentHelp("Time between checks with --watch (90s, 5m).", valueName: "duration"),
        completion: .list(["30s", "1m", "5m", "15m"]))
    var interval: String = "60s"

    @OptionGroup var formatting: FormatOptions

    func validate() throws {
        guard let duration = Configuration.parseDuration(interval), duration >= .seconds(1) else {
            throw ValidationError("--interval \"\(interval)\" should be a duration of at least 1s, like 30s or 5m")
        }
    }

    func run(in context: FeatureContext) async throws {
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        if watch {
            let monitor = stocks.services.alerts.monitor(for: owner)
            let every = Configuration.parseDuration(interval) ?? .seconds(60)
            context.terminal.printError("Checking alerts every \(interval); press Ctrl-C to stop.")
            do {
                try await monitor.run(every: every) { check, quotes in
                    if quotes.isStale { context.terminal.warn("prices are stale (\(quotes.failure ?? "source unavailable")); no alert can fire") }
                    try emit(AlertCheckReport(check), context: context, quiet: true)
                }
            } catch {
                throw StockTradingError.translated(error)
            }
            return
        }
        let check = try await stocks.services.alerts.check(for: owner, mode: stocks.mode(refresh: refresh))
        stocks.warnIfStale(check.quotes)
        try emit(check.report, context: context, quiet: false)
    }

    private func emit(_ check: AlertCheckReport, context: FeatureContext, quiet: Bool) throws {
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(check), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows(check.fired, columns: AlertRow.columns), to: context.terminal)
        case .table:
            var lines = check.fired.map { alert in
                "\(Formatting.timestamp(check.checkedAt))  Alert #\(alert.id) fired: \(alert.symbol) crossed \(alert.direction) \(Formatting.money(alert.level)) at \(alert.firedPrice.map(Formatting.money) ?? "?")"
            }
            if !quiet && check.fired.isEmpty {
                let armed = check.alerts.filter { $0.status == PriceAlert.Status.armed.rawValue }.count
                lines.append(
                    check.alerts.isEmpty
                        ? "No alerts. Add one with: folio stocks alerts add AAPL --above 180"
                        : "No alert fired (\(armed) armed, \(check.alerts.count - armed) fired earlier).")
            }
            if !check.skippedSymbols.isEmpty {
                context.terminal.warn("not checked for lack of a current price: \(check.skippedSymbols.joined(separator: ", "))")
            }
            if !lines.isEmpty { try formatting.emit(lines.joined(separator: "\n"), to: context.terminal) }
        }
    }
}
