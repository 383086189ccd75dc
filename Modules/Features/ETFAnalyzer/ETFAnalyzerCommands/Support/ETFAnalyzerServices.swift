import ETFAnalyzer
import FeatureKit

/// What the etf commands work with, built once from the context: the saved portfolios in the feature's store
/// and the reader of portfolio files.
struct ETFAnalyzerServices {
    let context: FeatureContext
    /// The portfolios kept under a name.
    let saved: SavedPortfolios
    /// The use cases: analyse, list, save, delete.
    let analysis: PortfolioAnalysisService
    /// Reads, validates and reports portfolio files.
    let loader: PortfolioLoader

    init(context: FeatureContext) {
        self.context = context
        saved = SavedPortfolios(store: context.store)
        analysis = PortfolioAnalysisService(store: context.store, timing: context.timing)
        loader = PortfolioLoader(context: context)
    }
}
