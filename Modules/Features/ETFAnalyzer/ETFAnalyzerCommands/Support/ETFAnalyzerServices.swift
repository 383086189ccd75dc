import ETFAnalyzer
import FeatureKit

/// What the etf commands work with, built once from the context: the service over the feature's store (every
/// use of the saved portfolios goes through it) and the reader of portfolio files.
struct ETFAnalyzerServices {
    let context: FeatureContext
    /// The use cases: analyse, list, save, delete.
    let analysis: PortfolioAnalysisService
    /// Reads, validates and reports portfolio files.
    let loader: PortfolioLoader

    init(context: FeatureContext) {
        self.context = context
        analysis = PortfolioAnalysisService(store: context.store, timing: context.timing)
        loader = PortfolioLoader(context: context)
    }
}
