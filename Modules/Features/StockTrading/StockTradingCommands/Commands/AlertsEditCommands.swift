import ArgumentParser
import FeatureCLI
import FeatureKit
import Foundation
import StockTrading
import Timing

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

    @Argument(help: "The stock's symbol.", completion: Completions.symbols)
    var symbol: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the price rises to this level or above.", valueName: "price"))
    var above: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the price falls to this level or below.", valueName: "price"))
    var below: String?

    @OptionGroup var formatting: FormatOptions

    func validate() throws {
        if (above == nil) == (below == nil) { throw ValidationError("give exactly one of --above PRICE or --below PRICE") }
    }

    func run(in context: FeatureContext) async throws {
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let direction: PriceAlert.Direction = above != nil ? .above : .below
        let level = try await mapped { try TradeLimits.priceLevel(above ?? below ?? "") }
        let quotes = try await services.quotes()
        let book = services.alerts(session)
        let alert = try await mapped {
            try await book.add(symbol: symbol, direction: direction, level: level, quotes: quotes, at: context.timing.now())
        }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(AlertRow(alert)), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([AlertRow(alert)], columns: AlertRow.columns), to: context.terminal)
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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let alerts = try await services.alerts(session).list()
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(alerts.map(AlertRow.init)), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows(alerts.map(AlertRow.init), columns: AlertRow.columns), to: context.terminal)
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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let removed = try await mapped { try await services.alerts(session).remove(id) }
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
        let services = StocksServices(context: context)
        try await services.prepare()
        let session = try await services.session()
        let quotes = try await services.quotes()
        let alert = try await mapped {
            try await services.alerts(session).rearm(id, quotes: quotes, at: context.timing.now())
        }
        context.terminal.print(
            "Re-armed alert #\(alert.id): \(AlertText.condition(alert)) (now \(alert.referencePrice.map(Formatting.money) ?? "?")).")
    }
}
