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
            interval: .seconds(60), parameters: StockAlertParameters.self, check: check),
        add: StockAlertCommand.self, imports: imports)

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

    func validate() throws {
        if (above == nil) == (below == nil) { throw ValidationError("give exactly one of --above PRICE or --below PRICE") }
    }

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        let direction: PriceAlert.Direction = above != nil ? .above : .below
        let level = try TypedInput.priceLevel(above ?? below ?? "")
        let stocks = try await StocksTerminal.start(context)
        let parameters = try await stocks.services.market.alertParameters(
            symbol: symbol, direction: direction, level: level, mode: stocks.mode())
        return try AlertDefinition(kind: StockAlertParameters.kind, parameters: parameters, summary: parameters.summary(money: Formatting.money))
    }
}
