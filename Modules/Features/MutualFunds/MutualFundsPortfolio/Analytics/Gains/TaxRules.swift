import MutualFunds
import Timing

/// How a scheme's gains are taxed in India.
public enum TaxTreatment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Equity-oriented: long-term after 12 months; grandfathered to 31-Jan-2018.
    case equity
    /// Debt-oriented (and the other non-equity schemes): long-term after 36 months (24 from 23-Jul-2024), indexed
    /// before 23-Jul-2024; units bought from 1-Apr-2023 always short-term.
    case debt
}

/// The dates and tables of the capital-gains rules.
public enum TaxRules {
    /// The last day whose NAV grandfathers equity gains (Finance Act 2018, section 112A).
    public static let grandfatheringDate = CalendarDate(year: 2018, month: 1, day: 31)!
    /// Long-term equity gains on sales before this were exempt (section 10(38)).
    public static let equityTaxFrom = CalendarDate(year: 2018, month: 4, day: 1)!
    /// Debt-oriented units bought on or after this are always short-term (section 50AA, Finance Act 2023).
    public static let specifiedFundFrom = CalendarDate(year: 2023, month: 4, day: 1)!
    /// From this sale date: no indexation, and 24 months make a non-equity holding long-term (Finance (No. 2) Act 2024).
    public static let regime2024 = CalendarDate(year: 2024, month: 7, day: 23)!

    /// The Indian financial year (April–March) of `date`: `2021-22`.
    public static func financialYear(of date: CalendarDate) -> String {
        let start = date.month >= 4 ? date.year : date.year - 1
        let end = (start + 1) % 100
        return "\(start)-\(end < 10 ? "0" : "")\(end)"
    }

    /// The first year of a financial year's name: `2021-22` → 2021.
    static func startYear(of financialYear: String) -> Int { Int(financialYear.prefix(4)) ?? 0 }

    /// The Cost Inflation Index (CBDT, base 2001-02 = 100) by the first year of the financial year; years before
    /// and after the table take its first and last values, as casparser does.
    public static let costInflationIndex: [Int: Int] = [
        2001: 100, 2002: 105, 2003: 109, 2004: 113, 2005: 117, 2006: 122, 2007: 129, 2008: 137, 2009: 148,
        2010: 167, 2011: 184, 2012: 200, 2013: 220, 2014: 240, 2015: 254, 2016: 264, 2017: 272, 2018: 280,
        2019: 289, 2020: 301, 2021: 317, 2022: 331, 2023: 348, 2024: 363, 2025: 376, 2026: 384,
    ]

    /// The index of the financial year holding `date`.
    public static func cii(of date: CalendarDate) -> Int {
        let year = startYear(of: financialYear(of: date))
        let years = costInflationIndex.keys.sorted()
        return costInflationIndex[min(max(year, years.first!), years.last!)]!
    }

    /// Whether a lot bought on `purchase` and sold on `sale` is long-term.
    public static func isLongTerm(_ treatment: TaxTreatment, purchase: CalendarDate, sale: CalendarDate) -> Bool {
        switch treatment {
        case .equity: return sale > purchase.adding(years: 1)
        case .debt:
            if purchase >= specifiedFundFrom { return false }
            return sale > purchase.adding(years: sale < regime2024 ? 3 : 2)
        }
    }

    /// The treatment an MF API category (`Debt Scheme - Liquid Fund`) and name suggest: debt, money-market,
    /// liquid, overnight and gilt schemes, conservative hybrids (mostly debt), and funds of funds, ETFs and index
    /// funds that hold debt or gold are debt-oriented; the rest equity-oriented. Nil when neither says.
    public static func treatment(category: String?, name: String) -> TaxTreatment? {
        let text = ((category ?? "") + " " + name).lowercased()
        let debtWords = [
            "debt scheme", "income", "liquid", "money market", "overnight", "gilt", "conservative hybrid",
            "fof overseas", "gold", "silver", "bond", "g-sec", "gsec", "sdl", "target maturity", "fixed maturity",
            "credit risk", "banking and psu", "corporate bond", "duration fund", "floater",
        ]
        if debtWords.contains(where: text.contains) { return .debt }
        guard let category, !category.isEmpty else { return nil }
        return .equity
    }
}
