import AlertRules
import Alerting
import ArgumentParser
import FeatureCLI
import FeatureKit
import StockTrading

/// The stocks feature's alert kinds: the rules are the domain's (``StockAlertRule``).
enum StockAlerts {
    /// `stock`: a price reaching a level.
    static let stock = AlertContribution(
        kind: .typed(
            name: StockAlertParameters.kind, featureID: "stocks", summary: StockAlertCommand.configuration.abstract,
            rate: { StockAlertRule.rate(try $0.settings(StocksSettings.self, resolve: StocksSettings.init)) },
            form: form,
            parameters: StockAlertParameters.self,
            check: { parameters, context in
                let stocks = try await StocksTerminal.start(context)
                return try await StockAlertRule(services: stocks.services).check(parameters, mode: stocks.mode())
            }),
        add: StockAlertCommand.self, imports: imports)

    /// The form of `/alerts` and the parser of `folio alerts add stock`.
    static let form = AlertForm(fields: StockAlertRule.fields) { input, context in
        let stocks = try await StocksTerminal.start(context)
        return try await StockAlertRule(services: stocks.services).define(input, mode: stocks.mode())
    }

    /// The price alerts `folio stocks alerts` kept in the stocks namespace, taken into the host's alerts once.
    static func imports(_ context: FeatureContext) async throws -> [ImportedAlert] {
        let stocks = try await StocksTerminal.start(context)
        return try await StockAlertRule(services: stocks.services).imports().map { alert in
            ImportedAlert(
                featureID: "stocks", definition: alert.definition, firedKeys: alert.firedKeys,
                createdAt: alert.createdAt)
        }
    }
}

/// `folio alerts add stock SYMBOL …`.
struct StockAlertCommand: AlertAddCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: "A stock's price reaching a level.",
        discussion: """
            --above fires once when price ≥ level and re-arms when the price falls back below it; --below fires \
            once when price ≤ level. Prices are the stocks feature's (the market FOLIO_MARKET chooses, Yahoo by default), \
            refreshed when older than FOLIO_QUOTES_TTL; a stale price fires nothing.

            Examples:
              folio alerts add stock AAPL --above 180
              folio alerts add stock TSLA --below 240.50
            """)

    @Argument(help: "The stock's symbol.")
    var symbol: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when the price rises to this level or above.", valueName: "price"))
    var above: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when the price falls to this level or below.", valueName: "price"))
    var below: String?

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        try await StockAlerts.form.define(AlertInput(["symbol": symbol, "above": above, "below": below]), context)
    }
}
