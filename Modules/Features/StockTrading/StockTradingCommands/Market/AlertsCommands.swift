import ArgumentParser
import FeatureKit
import Foundation
import StockTrading
import Timing

struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Price alerts that fire when a price crosses a level.",
        discussion: """
            An alert fires once, in the check where the price crosses its level compared with the previous \
            check (or with the price when it was added or re-armed): above fires when previous < level ≤ now, \
            below when previous > level ≥ now. It then stays fired until re-armed. Stale prices fire nothing.

            Examples:
              folio stocks alerts add AAPL --above 180
              folio stocks alerts check --watch --interval 1m
            """,
        subcommands: [
            AlertsAddCommand.self, AlertsListCommand.self, AlertsRemoveCommand.self, AlertsRearmCommand.self,
            AlertsCheckCommand.self,
        ])
}

/// An alert as JSON/CSV rows show it.
struct AlertRow: Encodable {
    var id: Int
    var symbol: String
    var direction: String
    var level: Decimal
    var status: String
    @NullEncodable var referencePrice: Decimal?
    @NullEncodable var referenceAt: Date?
    var createdAt: Date
    @NullEncodable var firedAt: Date?
    @NullEncodable var firedPrice: Decimal?

    static let columns = [
        "id", "symbol", "direction", "level", "status", "referencePrice", "referenceAt", "createdAt", "firedAt",
        "firedPrice",
    ]

    init(_ alert: PriceAlert) {
        id = alert.id
        symbol = alert.symbol
        direction = alert.direction.rawValue
        level = alert.level
        status = alert.status.rawValue
        referencePrice = alert.referencePrice
        referenceAt = alert.referenceAt
        createdAt = alert.createdAt
        firedAt = alert.firedAt
        firedPrice = alert.firedPrice
    }
}

enum AlertText {
    static func condition(_ alert: PriceAlert) -> String {
        "\(alert.symbol) \(alert.direction.rawValue) \(Formatting.money(alert.level))"
    }

    static func table(_ alerts: [PriceAlert], context: FeatureContext) -> String {
        guard !alerts.isEmpty else { return "No alerts. Add one with: folio stocks alerts add AAPL --above 180\n" }
        var table = TextTable(columns: [
            .number("#"), .text("SYMBOL"), .text("CONDITION"), .text("STATUS"), .number("LAST SEEN"), .text("SINCE"),
        ])
        for alert in alerts {
            let status = alert.status == .fired
                ? "fired at \(alert.firedPrice.map(Formatting.money) ?? "?")"
                : "armed"
            table.append([
                TextTable.Cell("\(alert.id)"), TextTable.Cell(alert.symbol),
                TextTable.Cell("\(alert.direction.rawValue) \(Formatting.money(alert.level))"),
                TextTable.Cell(status, color: alert.status == .fired ? .yellow : nil),
                TextTable.Cell(alert.referencePrice.map(Formatting.money) ?? "—"),
                TextTable.Cell(String(Formatting.timestamp(alert.firedAt ?? alert.createdAt).prefix(16))),
            ])
        }
        return table.render(style: context.style, maxWidth: context.terminal.width)
    }
}

struct AlertsAddCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an alert for a price level.",
        discussion: """
            Give exactly one of --above or --below. The first crossing is measured from the current price, so an \
            alert added on the far side of its level fires only after the price comes back and crosses again.

            Examples:
              folio stocks alerts add AAPL --above 180
              folio stocks alerts add TSLA --below 240.50
            """)

    @Argument(help: "The stock's symbol.")
    var symbol: String

    @Option(help: ArgumentHelp("Fire when the price rises to this level or above.", valueName: "price"))
    var above: String?

    @Option(help: ArgumentHelp("Fire when the price falls to this level or below.", valueName: "price"))
    var below: String?

    @OptionGroup var formatting: FormatOptions

    func validate() throws {
        if (above == nil) == (below == nil) { throw ValidationError("give exactly one of --above PRICE or --below PRICE") }
    }

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let direction: PriceAlert.Direction = above != nil ? .above : .below
        let level = try await mapped { try TradeLimits.priceLevel(above ?? below ?? "") }
        let quotes = try await environment.quotes()
        let book = AlertBook(store: context.store, userID: session.userID)
        let alert = try await mapped {
            try await book.add(symbol: symbol, direction: direction, level: level, quotes: quotes, at: context.timing.now())
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(AlertRow(alert)), to: context.terminal)
        case .csv: try formatting.emitExact(try CSVOutput.rows([AlertRow(alert)], columns: AlertRow.columns), to: context.terminal)
        case .table:
            var text = "Alert #\(alert.id): \(AlertText.condition(alert)) (now \(alert.referencePrice.map(Formatting.money) ?? "?"))."
            if let now = alert.referencePrice,
                (direction == .above && now >= level) || (direction == .below && now <= level)
            {
                text += "\n\(alert.symbol) is already \(direction.rawValue) that level; the alert fires when the price crosses it again."
            }
            try formatting.emit(text, to: context.terminal)
        }
    }
}

struct AlertsListCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your alerts.",
        discussion: """
            LAST SEEN is the price at the last check, from which the next crossing is measured.

            Examples:
              folio stocks alerts list
              folio stocks alerts list --format json
            """)

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let alerts = try await AlertBook(store: context.store, userID: session.userID).list()
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(alerts.map(AlertRow.init)), to: context.terminal)
        case .csv: try formatting.emitExact(try CSVOutput.rows(alerts.map(AlertRow.init), columns: AlertRow.columns), to: context.terminal)
        case .table: try formatting.emit(AlertText.table(alerts, context: context), to: context.terminal)
        }
    }
}

struct AlertsRemoveCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an alert.",
        discussion: """
            Examples:
              folio stocks alerts remove 2
              folio stocks alerts list && folio stocks alerts remove 1
            """)

    @Argument(help: "The alert's number (see alerts list).")
    var id: Int

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let removed = try await mapped { try await AlertBook(store: context.store, userID: session.userID).remove(id) }
        context.terminal.print("Removed alert #\(removed.id): \(AlertText.condition(removed)).")
    }
}

struct AlertsRearmCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "rearm",
        abstract: "Arm a fired alert again.",
        discussion: """
            The next crossing is measured from the current price.

            Examples:
              folio stocks alerts rearm 1
              folio stocks alerts rearm 3 && folio stocks alerts check
            """)

    @Argument(help: "The alert's number (see alerts list).")
    var id: Int

    func run(in context: FeatureContext) async throws {
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let quotes = try await environment.quotes()
        let alert = try await mapped {
            try await AlertBook(store: context.store, userID: session.userID).rearm(id, quotes: quotes, at: context.timing.now())
        }
        context.terminal.print(
            "Re-armed alert #\(alert.id): \(AlertText.condition(alert)) (now \(alert.referencePrice.map(Formatting.money) ?? "?")).")
    }
}

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

    @Option(help: ArgumentHelp("Time between checks with --watch (90s, 5m).", valueName: "duration"))
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
        let environment = try await StocksEnvironment.prepare(context)
        let session = try await environment.session()
        let book = AlertBook(store: context.store, userID: session.userID)
        if watch {
            let monitor = AlertMonitor(alerts: book, quotes: environment.quoteBook, timing: context.timing)
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
        let quotes = try await environment.quotes(refresh: refresh)
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
            try formatting.emitExact(try CSVOutput.rows(check.fired.map(AlertRow.init), columns: AlertRow.columns), to: context.terminal)
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
