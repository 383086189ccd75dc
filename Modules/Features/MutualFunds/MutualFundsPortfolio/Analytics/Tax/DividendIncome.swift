import Money
import MutualFunds

/// A scheme's dividends (IDCW) and tax deducted at source in one financial year, as its statement shows them:
/// what the return's schedule of other sources and its TDS credit start from.
public struct DividendIncome: Codable, Sendable, Hashable {
    /// The folio number.
    public var folio: String
    /// The scheme's name.
    public var scheme: String
    /// The scheme's ISIN, when the statement gives it.
    @NullEncodable public var isin: String?
    /// Dividends paid out in cash.
    public var paidOut: Amount
    /// Dividends reinvested as units.
    public var reinvested: Amount
    /// Tax deducted at source (s. 194K on dividends; on redemptions too for a non-resident).
    public var tds: Amount

    /// The year's rows, one per scheme with a dividend or a deduction in it, in the portfolio's order.
    public static func rows(_ portfolio: Portfolio, financialYear: String) throws -> [DividendIncome] {
        try portfolio.schemes.compactMap { scheme in
            var row = DividendIncome(
                folio: scheme.folio, scheme: scheme.name, isin: scheme.isin, paidOut: .zero, reinvested: .zero,
                tds: .zero)
            for transaction in scheme.transactions where TaxRules.financialYear(of: transaction.date) == financialYear {
                let amount = transaction.amount?.magnitude ?? .zero
                switch transaction.kind {
                case .dividendPayout: row.paidOut = try row.paidOut + amount
                case .dividendReinvest: row.reinvested = try row.reinvested + amount
                case .tds: row.tds = try row.tds + amount
                default: break
                }
            }
            return row.paidOut.isZero && row.reinvested.isZero && row.tds.isZero ? nil : row
        }
    }
}
