import Caching
import Failures
import Foundation
import Money
import Persistence
import Timing

extension FundsService {
    /// The stored portfolio valued at the latest NAVs, or those on or before `asOf`: each scheme's history is
    /// fetched under the cache policy (at most ``FundsSettings/concurrency`` at once); a scheme that cannot be
    /// valued is listed with why.
    public func valuePortfolio(asOf: CalendarDate? = nil, mode: FetchMode = .normal, progress: @Sendable () -> Void = {})
        async throws -> PortfolioReport
    {
        let portfolio = try await portfolio()
        let priced = try await pricedSchemes(portfolio, mode: mode, progress: progress)
        return try await mapped { try PortfolioValuation.report(portfolio, priced: priced, asOf: asOf) }
    }

    /// Each scheme's MF API code and history.
    func pricedSchemes(_ portfolio: Portfolio, mode: FetchMode, progress: @Sendable () -> Void = {}) async throws
        -> [SchemeKey: PortfolioValuation.Priced]
    {
        let codes = try await schemeCodes(portfolio, mode: mode)
        let wanted = Array(Set(codes.values)).sorted()
        let results = await histories(codes: wanted, mode: mode, progress: progress)
        let byCode = Dictionary(uniqueKeysWithValues: zip(wanted, results))
        var priced: [SchemeKey: PortfolioValuation.Priced] = [:]
        for scheme in portfolio.schemes {
            guard let code = codes[scheme.key], let result = byCode[code] else { continue }
            priced[scheme.key] = PortfolioValuation.Priced(
                code: code, history: result.mapError { FolioErrorText($0.line) })
        }
        return priced
    }

    /// The MF API code of each scheme: the statement's AMFI code, else the scheme list's entry with its ISIN
    /// (the list is fetched only when a scheme needs it; when it cannot be had, those schemes stay unmatched).
    func schemeCodes(_ portfolio: Portfolio, mode: FetchMode) async throws -> [SchemeKey: Int] {
        var codes: [SchemeKey: Int] = [:]
        var byISIN: [SchemeKey: String] = [:]
        for scheme in portfolio.schemes {
            if let code = scheme.amfi {
                codes[scheme.key] = code
            } else if let isin = scheme.isin {
                byISIN[scheme.key] = isin
            }
        }
        guard !byISIN.isEmpty, (try? await schemeList(mode: mode)) != nil else { return codes }
        for (key, isin) in byISIN {
            let found = try await mapped {
                try await store.read { transaction in
                    try SchemeSearch.run(SchemeQuery(terms: [isin], limit: 5), in: transaction).records
                }
            }
            if let record = found.first(where: { $0.isinGrowth == isin || $0.isinDivReinvestment == isin }) {
                codes[key] = record.code
            }
        }
        return codes
    }
}
