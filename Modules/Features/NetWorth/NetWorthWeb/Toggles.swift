import Hummingbird
import NetWorth

extension InclusionOverride {
    /// The pension/mortgage toggles from the query: with `toggles=1` (the page's form) a missing checkbox means
    /// "leave out"; without it `pension=exclude|include` and `mortgage=…` override and anything absent keeps
    /// the saved setting.
    init(_ request: Request) {
        let query = request.uri.queryParameters
        if query["toggles"] != nil {
            self.init(pensions: query["pension"] != nil, mortgages: query["mortgage"] != nil)
        } else {
            self.init(
                pensions: query["pension"].map { $0 != "exclude" }, mortgages: query["mortgage"].map { $0 != "exclude" }
            )
        }
    }
}
