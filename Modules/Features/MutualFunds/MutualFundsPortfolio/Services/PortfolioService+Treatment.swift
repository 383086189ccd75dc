import Caching
import Failures
import Foundation
import MutualFunds
import Persistence

extension PortfolioService {
    /// Stores the tax treatment of the held schemes with the code or ISIN `name` (every folio holding it), where
    /// the category misleads: `gains` uses it from then on, unless a report's own override says otherwise. Nil
    /// returns them to the rules.
    /// - Throws: ``FolioError``: not found (blaming `scheme`) when no held scheme has that code or ISIN.
    public func setTreatment(
        of name: String, to treatment: TaxTreatment?, mode: FetchMode = .normal
    ) async throws
        -> [TreatmentChange]
    {
        let held = try await portfolio()
        let codes = try await schemeCodes(held.schemes, mode: mode)
        let keys = Set(try Self.schemes(named: name, in: held, codes: codes, field: "scheme").map(\.key))
        return try await mapped {
            try await store.write { transaction in
                var portfolio = try PortfolioStore.load(in: transaction)
                var changes: [TreatmentChange] = []
                for index in portfolio.schemes.indices where keys.contains(portfolio.schemes[index].key) {
                    let scheme = portfolio.schemes[index]
                    changes.append(
                        TreatmentChange(
                            folio: scheme.folio, scheme: scheme.name, isin: scheme.isin, code: codes[scheme.key],
                            treatAs: treatment, previous: scheme.treatAs))
                    portfolio.schemes[index].treatAs = treatment
                }
                try PortfolioStore.save(portfolio, in: transaction)
                return changes
            }
        }
    }

    /// The held schemes whose ISIN or MF API code is `name`.
    /// - Throws: ``FolioError`` of `kind`, blaming `field`, when there are none.
    static func schemes(
        named name: String, in portfolio: Portfolio, codes: [SchemeKey: Int], field: String,
        kind: FolioError.Kind = .notFound
    ) throws(FolioError) -> [HeldScheme] {
        let matching = portfolio.schemes.filter { $0.isin == name || codes[$0.key].map(String.init) == name }
        guard !matching.isEmpty else {
            throw FolioError(
                kind, "no held scheme has the code or ISIN \(name)", hint: "give a code or ISIN from the portfolio",
                field: field)
        }
        return matching
    }
}
