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
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let direction: PriceAlert.Direction = above != nil ? .above : .below
        let level = try TypedInput.priceLevel(above ?? below ?? "")
        let alert = try await stocks.services.alerts.add(symbol: symbol, direction: direction, level: level, for: owner)
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(alert), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows([alert], columns: AlertRow.columns), to: context.terminal)
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
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let alerts = try await stocks.services.alerts.list(for: owner)
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(alerts), to: context.terminal)
        case .csv: try formatting.emit(try CSVOutput.rows(alerts, columns: AlertRow.columns), to: context.terminal)
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
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let removed = try await stocks.services.alerts.remove(id, for: owner)
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
        let stocks = try await StocksTerminal.start(context)
        let owner = try await stocks.owner()
        let alert = try await stocks.services.alerts.rearm(id, for: owner)
        context.terminal.print(
            "Re-armed alert #\(alert.id): \(AlertText.condition(alert)) (now \(alert.referencePrice.map(Formatting.money) ?? "?")).")
    }
}
