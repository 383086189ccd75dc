import FeatureKit
import StockTrading

/// The values the stocks feature lets other features follow: `stocks:portfolio/<EMAIL>`, the paper account of
/// that email (cash + holdings at current prices, USD), whoever is logged in on this machine.
enum StocksValueSources {
    static let kinds = [
        ValueSourceKind(
            name: "portfolio", argument: "EMAIL",
            summary: "cash + holdings of that paper account at current prices (USD)",
            currency: "USD"
        ) { email, context in
            let stocks = try await StocksTerminal.start(context)
            return try await stocks.services.portfolio.currentValue(ofAccount: email ?? "", mode: stocks.mode())
        }
    ]
}
