import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import StockTrading

/// The stocks feature's alert kinds.
enum StockAlerts {
    /// `stock`: a price reaching a level.
    static let stock = AlertContribution(
        kind: .typed(
            name: StockAlertParameters.kind, featureID: "stocks", summary: StockAlertCommand.configuration.abstract,
            rate: rate, form: form, parameters: StockAlertParameters.self, check: check),
        add: StockAlertCommand.self, imports: imports)

    /// Prices are fetched again once older than their time to live (`stocks.quotesTTL`, `FOLIO_QUOTES_TTL`):
    /// a check sooner would read the same prices.
    static func rate(_ context: FeatureContext) throws -> Duration {
        try StocksSettings(context.configuration).quotesTTL
    }

    /// The form of `/alerts` and the parser of `folio alerts add stock`.
    static let form = AlertForm(
        fields: [
            .init("symbol", label: "Symbol", placeholder: "AAPL", required: true),
            .init("above", label: "Price at or above", placeholder: "180"),
            .init("below", label: "Price at or below", placeholder: "240.50"),
        ],
        define: definition)

    /// Reads a stock alert: a symbol the market quotes and exactly one price level.
    /// - Throws: ``FolioError`` naming the field at fault.
    static func definition(_ input: AlertInput, context: FeatureContext) async throws -> AlertDefinition {
        let symbol = try input.required("symbol", "the symbol", example: "AAPL")
        let field = try input.exactlyOne(of: ["above", "below"], "a price at or above a level or one at or below")
        let direction: PriceAlert.Direction = field == "above" ? .above : .below
        let level: Amount
        do {
            level = try TypedInput.priceLevel(input[field] ?? "")
        } catch var refusal as FolioError {
            // The stocks feature names its level `level`; here it is the option or field typed.
            refusal.field = field
            throw refusal
        }
        let stocks = try await StocksTerminal.start(context)
        let parameters = try await stocks.services.market.alertParameters(
            symbol: symbol, direction: direction, level: level, mode: stocks.mode())
        return try AlertDefinition(
            kind: StockAlertParameters.kind, parameters: parameters, summary: parameters.summary(money: Formatting.money))
    }

    /// The price alerts `folio stocks alerts` kept in the stocks namespace, every account's, as stock alerts:
    /// a fired one stays fired until its price leaves the level.
    static func imports(_ context: FeatureContext) async throws -> [ImportedAlert] {
        let stocks = try await StocksTerminal.start(context)
        return try await stocks.services.legacyAlerts.everyAccountsAlerts().map { alert in
            let parameters = StockAlertParameters(symbol: alert.symbol, direction: alert.direction, level: alert.level)
            return ImportedAlert(
                featureID: "stocks",
                definition: try AlertDefinition(
                    kind: StockAlertParameters.kind, parameters: parameters, summary: parameters.summary(money: Formatting.money)),
                firedKeys: alert.status == .fired ? [alert.direction.rawValue] : [], createdAt: alert.createdAt)
        }
    }

    static func check(_ parameters: StockAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let stocks = try await StocksTerminal.start(context)
        let quotes = try await stocks.services.market.quotes(stocks.mode())
        guard let quote = quotes.quote(for: parameters.symbol), !quote.isStale else {
            return .noNews("no current price of \(parameters.symbol) (\(quotes.failure ?? "prices are stale"))")
        }
        let price = quote.quote.price
        let holds = parameters.direction == .above ? price >= parameters.level : price <= parameters.level
        guard holds else { return .holding([]) }
        return .holding([AlertSignal(
            key: parameters.direction.rawValue,
            title: "\(parameters.symbol) \(parameters.direction == .above ? "rose to" : "fell to") \(Formatting.money(price))",
            body: "\(parameters.symbol) is \(parameters.direction.rawValue) \(Formatting.money(parameters.level)) at "
                + "\(Formatting.money(price)).",
            link: "/stocks")])
    }
}

/// `folio alerts add stock SYMBOL …`.
struct StockAlertCommand: AlertAddCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: "A stock's price reaching a level.",
        discussion: """
            --above fires once when price ≥ level and re-arms when the price falls back below it; --below fires \
            once when price ≤ level. Prices are the stocks feature's (FOLIO_QUOTES_URL or the simulated market), \
            refreshed when older than FOLIO_QUOTES_TTL; a stale price fires nothing.

            Examples:
              folio alerts add stock AAPL --above 180
              folio alerts add stock TSLA --below 240.50
            """)

    @Argument(help: "The stock's symbol.")
    var symbol: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the price rises to this level or above.", valueName: "price"))
    var above: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the price falls to this level or below.", valueName: "price"))
    var below: String?

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        try await StockAlerts.definition(AlertInput(["symbol": symbol, "above": above, "below": below]), context: context)
    }
}
