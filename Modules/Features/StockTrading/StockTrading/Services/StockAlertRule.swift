import AlertRules
import Caching
import Failures
import Foundation
import Money

/// The `stock` alert kind's rules: a stock's price reaching a level. The terminal's `folio alerts add stock` and
/// the `/alerts` form both read input through ``define(_:mode:)``; the host's engine calls ``check(_:mode:)``.
public struct StockAlertRule: Sendable {
    /// The inputs, as options and form fields.
    public static let fields = [
        AlertField("symbol", label: "Symbol", placeholder: "AAPL", required: true),
        AlertField("above", label: "Price at or above", placeholder: "180"),
        AlertField("below", label: "Price at or below", placeholder: "240.50"),
    ]

    private let services: StockTradingServices

    /// Creates the rule over the feature's services.
    public init(services: StockTradingServices) {
        self.services = services
    }

    /// Prices are fetched again once older than their time to live (`stocks.quotesTTL`): a check sooner would
    /// read the same prices.
    public static func rate(_ settings: StocksSettings) -> Duration { settings.quotesTTL }

    /// Reads a stock alert: a symbol the market quotes and exactly one price level.
    /// - Throws: ``FolioError`` naming the field at fault.
    public func define(_ input: AlertInput, mode: FetchMode) async throws -> AlertDefinition {
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
        let parameters = try await services.market.alertParameters(
            symbol: symbol, direction: direction, level: level, mode: mode)
        return try Self.definition(parameters)
    }

    /// The price alerts `folio stocks alerts` kept in the stocks namespace, every account's, as stock alerts with
    /// the conditions that had fired: a fired one stays fired until its price leaves the level.
    public func imports() async throws -> [(definition: AlertDefinition, firedKeys: [String], createdAt: Date)] {
        try await services.legacyAlerts.everyAccountsAlerts().map { alert in
            let parameters = StockAlertParameters(symbol: alert.symbol, direction: alert.direction, level: alert.level)
            return (
                try Self.definition(parameters), alert.status == .fired ? [alert.direction.rawValue] : [],
                alert.createdAt
            )
        }
    }

    /// Whether the price is at or past the level now; no news when there is no current price.
    public func check(_ parameters: StockAlertParameters, mode: FetchMode) async throws -> AlertReading {
        let quotes = try await services.market.quotes(mode, including: [parameters.symbol])
        guard let quote = quotes.quote(for: parameters.symbol), !quote.isStale else {
            return .noNews("no current price of \(parameters.symbol) (\(quotes.failure ?? "prices are stale"))")
        }
        let price = quote.quote.price
        let currency = parameters.currency ?? quote.quote.currencyCode
        guard quote.quote.currencyCode == currency else {
            // A level in one currency says nothing about a price in another (a listing moved, say).
            return .noNews(
                "\(parameters.symbol) is now priced in \(quote.quote.currencyCode), the alert's level in \(currency)")
        }
        let holds = parameters.direction == .above ? price >= parameters.level : price <= parameters.level
        guard holds else { return .holding([]) }
        let money = { MoneyText.money($0, currency: currency) }
        return .holding([
            AlertSignal(
                key: parameters.direction.rawValue,
                title: "\(parameters.symbol) \(parameters.direction == .above ? "rose to" : "fell to") \(money(price))",
                body: "\(parameters.symbol) is \(parameters.direction.rawValue) \(money(parameters.level)) at "
                    + "\(money(price)).",
                link: "/stocks")
        ])
    }

    static func definition(_ parameters: StockAlertParameters) throws -> AlertDefinition {
        try AlertDefinition(kind: StockAlertParameters.kind, parameters: parameters, summary: parameters.summary)
    }
}
