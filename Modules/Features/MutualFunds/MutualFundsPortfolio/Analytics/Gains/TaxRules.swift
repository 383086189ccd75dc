import MutualFunds
import Timing

/// How a scheme's gains are taxed in India, by what the scheme holds.
public enum TaxTreatment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Equity-oriented (65 % or more in domestic equity, s. 10(38) and s. 112A): long-term after 12 months;
    /// grandfathered to 31-Jan-2018.
    case equity
    /// More than 65 % in debt and money-market instruments: a specified mutual fund under s. 50AA in both of its
    /// definitions, so units bought from 1-Apr-2023 are always short-term.
    case debt
    /// Neither (gold, silver and overseas funds of funds, balanced hybrids): a specified mutual fund only under
    /// s. 50AA's first definition (not more than 35 % in domestic equity), which ends with FY 2024-25.
    case other

    /// Whether the non-equity rules apply (holding periods of 12/36/24 months, indexation, s. 112).
    public var isNonEquity: Bool { self != .equity }
}

/// The dates and tables of the capital-gains rules, each with the provision that sets it.
public enum TaxRules {
    /// The last day whose NAV grandfathers equity gains: lots acquired on or before it (s. 55(2)(ac), Finance Act
    /// 2018).
    public static let grandfatheringDate = CalendarDate(year: 2018, month: 1, day: 31)!
    /// Long-term equity gains on transfers before this were exempt (s. 10(38), withdrawn by Finance Act 2018);
    /// from it s. 112A taxes them.
    public static let equityTaxFrom = CalendarDate(year: 2018, month: 4, day: 1)!
    /// Non-equity units transferred on or before this were long-term after 12 months; from the next day, 36
    /// (s. 2(42A) as amended by Finance (No. 2) Act 2014).
    public static let lastTwelveMonthDebtTransfer = CalendarDate(year: 2014, month: 7, day: 10)!
    /// Units of a specified mutual fund acquired on or after this are always short-term (s. 50AA, Finance Act
    /// 2023).
    public static let specifiedFundFrom = CalendarDate(year: 2023, month: 4, day: 1)!
    /// From this transfer date: no indexation, 24 months make a non-equity holding long-term, and the rates of
    /// s. 111A, 112 and 112A change (Finance (No. 2) Act 2024).
    public static let regime2024 = CalendarDate(year: 2024, month: 7, day: 23)!
    /// From this transfer date (FY 2025-26) a specified mutual fund is one with more than 65 % in debt and
    /// money-market instruments (s. 50AA as amended by Finance (No. 2) Act 2024), no longer any fund with at most
    /// 35 % in domestic equity.
    public static let specifiedFundRedefined = CalendarDate(year: 2025, month: 4, day: 1)!

    /// The Indian financial year (April–March) of `date`: `2021-22`.
    public static func financialYear(of date: CalendarDate) -> String {
        let start = date.month >= 4 ? date.year : date.year - 1
        let end = (start + 1) % 100
        return "\(start)-\(end < 10 ? "0" : "")\(end)"
    }

    /// The first year of a financial year's name: `2021-22` → 2021.
    static func startYear(of financialYear: String) -> Int { Int(financialYear.prefix(4)) ?? 0 }

    /// The Cost Inflation Index (s. 48 Explanation (v), base 2001-02 = 100) by the first year of the financial
    /// year, as CBDT notified it (see ``costInflationIndexNotifications``). Indexation ends with transfers on
    /// 22-Jul-2024, so no later year is needed for units; years before the table take 2001-02's value (the law
    /// lets an older asset take its fair market value of 1-Apr-2001 as cost, which a statement does not give).
    public static let costInflationIndex: [Int: Int] = [
        2001: 100, 2002: 105, 2003: 109, 2004: 113, 2005: 117, 2006: 122, 2007: 129, 2008: 137, 2009: 148,
        2010: 167, 2011: 184, 2012: 200, 2013: 220, 2014: 240, 2015: 254, 2016: 264, 2017: 272, 2018: 280,
        2019: 289, 2020: 301, 2021: 317, 2022: 331, 2023: 348, 2024: 363, 2025: 376,
    ]

    /// The notification that fixed each year's index under s. 48 Explanation (v) (the first year of the financial
    /// year → the Gazette's S.O. number and date): the principal notification of 2017 tabulates 2001-02 to
    /// 2017-18 (serial numbers 1–17), and each later one inserts the next serial number.
    public static let costInflationIndexNotifications: [Int: String] = {
        var result: [Int: String] = [:]
        for year in 2001...2017 { result[year] = "S.O. 1790(E), 5-Jun-2017 (Notification No. 44/2017)" }
        result[2018] = "S.O. 2413(E), 13-Jun-2018 (Notification No. 26/2018)"
        result[2019] = "S.O. 3266(E), 12-Sep-2019"
        result[2020] = "S.O. 1879(E), 12-Jun-2020 (Notification No. 32/2020)"
        result[2021] = "S.O. 2336(E), 15-Jun-2021 (Notification No. 73/2021)"
        result[2022] = "S.O. 2735(E), 14-Jun-2022 (Notification No. 62/2022)"
        result[2023] = "S.O. 2571(E), 12-Jun-2023"
        result[2024] = "S.O. 2103(E), 24-May-2024 (Notification No. 44/2024)"
        result[2025] = "Notification No. 70/2025, 1-Jul-2025"
        return result
    }()

    /// The index of the financial year holding `date`.
    public static func cii(of date: CalendarDate) -> Int {
        let year = startYear(of: financialYear(of: date))
        let years = costInflationIndex.keys.sorted()
        return costInflationIndex[min(max(year, years.first!), years.last!)]!
    }

    /// Whether a unit of a fund taxed as `treatment`, bought on `purchase` and transferred on `sale`, is a unit of
    /// a specified mutual fund bought from 1-Apr-2023 (s. 50AA): debt funds under both definitions, the other
    /// non-equity funds only for transfers before FY 2025-26.
    public static func isSpecifiedFundUnit(
        _ treatment: TaxTreatment, purchase: CalendarDate, sale: CalendarDate
    )
        -> Bool
    {
        guard purchase >= specifiedFundFrom else { return false }
        switch treatment {
        case .equity: return false
        case .debt: return true
        case .other: return sale < specifiedFundRedefined
        }
    }

    /// The months after which a holding transferred on `sale` is long-term (s. 2(42A)).
    public static func longTermMonths(_ treatment: TaxTreatment, sale: CalendarDate) -> Int {
        if treatment == .equity || sale <= lastTwelveMonthDebtTransfer { return 12 }
        return sale < regime2024 ? 36 : 24
    }

    /// Whether a lot bought on `purchase` and sold on `sale` is long-term: held more than the months of
    /// ``longTermMonths(_:sale:)`` ("not more than" them is short-term), and not a specified-fund unit.
    public static func isLongTerm(_ treatment: TaxTreatment, purchase: CalendarDate, sale: CalendarDate) -> Bool {
        if isSpecifiedFundUnit(treatment, purchase: purchase, sale: sale) { return false }
        return sale > purchase.adding(months: longTermMonths(treatment, sale: sale))
    }

    /// Whether a long-term transfer on `sale` of a non-equity lot has its cost indexed (s. 48 second proviso,
    /// withdrawn for transfers from 23-Jul-2024).
    public static func isIndexed(_ treatment: TaxTreatment, sale: CalendarDate) -> Bool {
        treatment.isNonEquity && sale < regime2024
    }

    /// The treatment an MF API category (`Debt Scheme - Liquid Fund`) and name suggest: debt, money-market,
    /// liquid, overnight and gilt schemes and conservative hybrids (mostly debt) are debt; gold, silver and
    /// overseas funds of funds are other; the rest equity-oriented. Nil when neither says.
    public static func treatment(category: String?, name: String) -> TaxTreatment? {
        let text = ((category ?? "") + " " + name).lowercased()
        // SEBI's balanced hybrid category (2017) holds 40-60 % equity and no arbitrage, so never the 65 % an
        // equity-oriented fund needs, nor the 65 % debt of a specified one. The older "Balanced" funds were mostly
        // equity-oriented and are not matched.
        let otherWords = ["gold", "silver", "fof overseas", "overseas fof", "international fof", "balanced hybrid"]
        if otherWords.contains(where: text.contains) { return .other }
        let debtWords = [
            "debt scheme", "income", "liquid", "money market", "overnight", "gilt", "conservative hybrid",
            "bond", "g-sec", "gsec", "sdl", "target maturity", "fixed maturity",
            "credit risk", "banking and psu", "corporate bond", "duration fund", "floater",
        ]
        if debtWords.contains(where: text.contains) { return .debt }
        guard let category, !category.isEmpty else { return nil }
        return .equity
    }
}
