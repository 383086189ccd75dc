import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
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

    struct Report: Encodable {
        var checkedAt: Date
        var fired: [AlertRow]
        var alerts: [AlertRow]
        var skippedSymbols: [String]
    }

    func validate() throws {
        guard let duration = Configuration.parseDuration(interval), duration >= .seconds(1) else {
            throw ValidationError("--interval \"\(interval)\" should be a duration of at least 1s, like 30s or 5m")
        }
    }

    func run(in context: FeatureContext) async throws {
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let book = services.alerts(session)
        if watch {
            let monitor = AlertMonitor(alerts: book, quotes: try services.quoteBook, timing: context.timing)
            let every = Configuration.parseDuration(interval) ?? .seconds(60)
            context.terminal.printError("Checking alerts every \(interval); press Ctrl-C to stop.")
            try await mapped {
                try await monitor.run(every: every) { check, quotes in
                    if quotes.isStale { context.terminal.warn("prices are stale (\(quotes.failure ?? "source unavailable")); no alert can fire") }
                    try emit(check, context: context, quiet: true)
                }
            }
            return
        }
        let quotes = try await services.quotes(refresh: refresh)
        let check = try await mapped { try await book.check(quotes: quotes, at: context.timing.now()) }
        try emit(check, context: context, quiet: false)
    }

    private func emit(_ check: AlertCheck, context: FeatureContext, quiet: Bool) throws {
        switch formatting.format {
        case .json:
            let report = Report(
                checkedAt: check.checkedAt, fired: check.fired.map(AlertRow.init), alerts: check.alerts.map(AlertRow.init),
                skippedSymbols: check.skippedSymbols)
            try formatting.emit(try JSONOutput.string(report), to: context.terminal)
        case .csv:
            try formatting.emit(try CSVOutput.rows(check.fired.map(AlertRow.init), columns: AlertRow.columns), to: context.terminal)
        case .table:
            var lines = check.fired.map { alert in
                "\(Formatting.timestamp(check.checkedAt))  Alert #\(alert.id) fired: \(alert.symbol) crossed \(alert.direction.rawValue) \(Formatting.money(alert.level)) at \(alert.firedPrice.map(Formatting.money) ?? "?")"
            }
            if !quiet && check.fired.isEmpty {
                let armed = check.alerts.filter { $0.status == .armed }.count
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
