import Money
import MutualFunds
import Timing

/// The capital gains of a portfolio (pure: the service supplies what comes from the MF API).
public enum CapitalGains {
    /// What the MF API says of a scheme, for its treatment and grandfathering.
    public struct SchemeFacts: Sendable, Hashable {
        /// The MF API category (`Debt Scheme - Liquid Fund`).
        public var category: String?
        /// The NAV on 31-Jan-2018 (or the last one before it).
        public var navOn31Jan2018: Amount?

        /// Creates facts.
        public init(category: String?, navOn31Jan2018: Amount?) {
            self.category = category
            self.navOn31Jan2018 = navOn31Jan2018
        }
    }

    /// How a scheme is taxed: the override, else the treatment stored with it, else the statement's type
    /// (`EQUITY`/`DEBT`), else STT on its redemptions (equity), else the MF API category, else debt (sales without
    /// STT, casparser's rule).
    public static func treatment(of scheme: HeldScheme, override: TaxTreatment?, category: String?) -> TaxTreatment {
        decided(scheme, override: override, category: category).treatment
    }

    /// ``treatment(of:override:category:)`` with what decided it.
    public static func decided(
        _ scheme: HeldScheme, override: TaxTreatment?, category: String?
    )
        -> (treatment: TaxTreatment, basis: TreatmentBasis)
    {
        if let override { return (override, .override) }
        if let chosen = scheme.treatAs { return (chosen, .set) }
        switch scheme.statementType {
        case "EQUITY": return (.equity, .statement)
        case "DEBT": return (.debt, .statement)
        default: break
        }
        if scheme.transactions.contains(where: { $0.kind == .stt }) { return (.equity, .stt) }
        if let byCategory = TaxRules.treatment(category: category, name: scheme.name) { return (byCategory, .category) }
        return (.debt, .assumed)
    }

    /// Every lot sold, in financial year, scheme and sale order, restricted to `financialYear` when given.
    public static func report(
        _ portfolio: Portfolio, facts: [SchemeKey: SchemeFacts], overrides: [SchemeKey: TaxTreatment] = [:],
        financialYear: String? = nil
    ) throws -> GainsReport {
        var rows: [GainRow] = []
        var skipped: [String] = []
        for scheme in Mergers.carried(portfolio).schemes {
            let lots: [MatchedLot]
            do {
                lots = try FIFOMatching.match(scheme)
            } catch {
                skipped.append("\(scheme.label): \(error.reason)")
                continue
            }
            let fact = facts[scheme.key]
            let (treatment, basis) = decided(scheme, override: overrides[scheme.key], category: fact?.category)
            for lot in lots {
                rows.append(
                    try GainRow(
                        lot: lot, scheme: scheme, treatment: treatment, basis: basis,
                        navOn31Jan2018: fact?.navOn31Jan2018))
            }
        }
        let ordered = rows.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.financialYear != b.financialYear { return a.financialYear < b.financialYear }
            if a.scheme != b.scheme { return a.scheme < b.scheme }
            if a.saleDate != b.saleDate { return a.saleDate < b.saleDate }
            return left.offset < right.offset
        }.map(\.element)
        return GainsReport(
            rows: ordered.filter { financialYear == nil || $0.financialYear == financialYear }, skipped: skipped,
            financialYear: financialYear)
    }

    /// Whether any lot of `scheme` may need the NAV of 31-Jan-2018 (bought by then, sold from 1-Apr-2018).
    public static func needsGrandfathering(_ scheme: HeldScheme) -> Bool {
        let bought = scheme.transactions.contains { $0.kind.isPurchase && $0.date <= TaxRules.grandfatheringDate }
        let sold = scheme.transactions.contains { $0.kind.isSale && $0.date >= TaxRules.equityTaxFrom }
        return bought && sold
    }
}
