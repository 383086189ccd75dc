import FeatureKit
import MutualFunds
import MutualFundsPortfolio

/// The values the funds feature lets other features follow: `funds:portfolio`, the holdings imported from a CAS
/// statement at the latest NAVs, in INR (nothing until there are holdings).
enum FundsValueSources {
    static let kinds = [
        ValueSourceKind(name: "portfolio", summary: "your funds holdings at the latest NAVs (INR)", currency: "INR") {
            _, context in
            let services = FundsServices(context: context)
            return try await services.portfolio().portfolioValue(mode: try services.mode(refresh: false))
        }
    ]
}
