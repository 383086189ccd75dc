import FeatureKit
import StockTrading

/// The values the stocks feature lets other features follow: `stocks:portfolio/<EMAIL>`, the paper account of
/// that email (cash + holdings at current prices, in the account's currency, set at sign-up), whoever is logged in on this machine; it says what it is made of
/// (each share, equity, with the day's move; the cash) and lists every paper account's email.
enum StocksValueSources {
    static let kinds = [
        ValueSourceKind(
            name: "portfolio", argument: "EMAIL",
            summary: "cash + holdings of that paper account at current prices, in the account's currency"
        ) { email, context in
            let stocks = try await StocksTerminal.start(context)
            return try await stocks.services.portfolio.currentValue(ofAccount: email ?? "", mode: stocks.mode())
        }
        .listing { context in try await StocksTerminal.start(context).services.portfolio.paperAccounts() }
    ]
}
