import ETFAnalyzer
import FeatureKit

/// The values the ETF feature lets other features follow: `etf:saved/<NAME>`, a saved portfolio valued at the
/// current prices it was saved with (USD), as of its save.
enum ETFValueSources {
    static let kinds = [
        ValueSourceKind(
            name: "saved", argument: "NAME", summary: "a saved ETF portfolio at the prices it was saved with (USD)",
            currency: "USD"
        ) { name, context in
            try await SavedPortfolios(store: context.store).value(of: name ?? "")
        }
        .listing { context in try await SavedPortfolios(store: context.store).names() }
    ]
}
