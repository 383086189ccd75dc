import Money
import Testing
import Timing

@testable import MutualFunds
@testable import MutualFundsPortfolio

/// Each rule of the law in force on the transfer date, on lots built for it, on both sides of its date.
@Suite("Tax law at its boundary dates")
struct TaxLawBoundaryTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func row(
        _ treatment: TaxTreatment, _ bought: String, _ sold: String, units: String = "100", buy: String = "10",
        sell: String = "20", nav31Jan2018: Amount? = nil
    ) throws -> GainRow {
        try GainRow(
            lot: GainsRulesTests.lot(bought, sold, units: units, buy: buy, sell: sell), scheme: GainsRulesTests.scheme,
            treatment: treatment, basis: .category, navOn31Jan2018: nav31Jan2018)
    }

    @Test("31-Jan-2018: lots acquired on or before it are grandfathered (s. 55(2)(ac)), from 1-Feb-2018 not")
    func grandfathering() throws {
        let on = try Self.row(.equity, "2018-01-31", "2019-06-03", nav31Jan2018: Amount(15))
        #expect(on.acquisitionValue == Amount(1500) && on.longTermTaxableGain == Amount(500))
        #expect(try Schedule112ARow(lot: on).acquired == "BE")
        let after = try Self.row(.equity, "2018-02-01", "2019-06-03", nav31Jan2018: Amount(15))
        #expect(after.acquisitionValue == Amount(1000) && after.longTermTaxableGain == Amount(1000))
        #expect(try Schedule112ARow(lot: after).acquired == "AE")
    }

    @Test("1-Apr-2018: long-term equity gains exempt before it (s. 10(38)), taxed under s. 112A from it")
    func equityTaxFrom() throws {
        let before = try Self.row(.equity, "2016-06-01", "2018-03-31")
        #expect(GainHead(before) == .equityLongTermExempt && before.longTermTaxableGain == .zero)
        let from = try Self.row(.equity, "2016-06-01", "2018-04-01", nav31Jan2018: Amount(12))
        #expect(GainHead(from) == .equityLongTerm && from.longTermTaxableGain == Amount(800))
    }

    @Test(
        "10/11-Jul-2014: non-equity units long-term after 12 months to 10-Jul, after 36 from 11-Jul (Finance (No. 2) Act 2014)"
    )
    func twelveMonthDebt() throws {
        let long = { (bought: String, sold: String) in
            TaxRules.isLongTerm(.debt, purchase: Self.day(bought), sale: Self.day(sold))
        }
        #expect(long("2013-07-01", "2014-07-10"), "13 months, transferred 10-Jul-2014: long-term")
        #expect(!long("2013-07-01", "2014-07-11"), "13 months, transferred 11-Jul-2014: short-term")
        #expect(!long("2013-07-10", "2014-07-10"), "exactly 12 months is not more than 12")
        #expect(long("2011-07-10", "2014-07-11"), "more than 36 months from 11-Jul-2014")
        #expect(TaxRules.isLongTerm(.other, purchase: Self.day("2013-07-01"), sale: Self.day("2014-07-10")))
        let indexed = try Self.row(.debt, "2013-07-01", "2014-07-10")
        // CII 2013-14 = 220, 2014-15 = 240: 1000 × 240 / 220 = 1090.909… → 1090.91.
        #expect(indexed.term == "long" && indexed.acquisitionValue == Amount("1090.91")!)
    }

    @Test("1-Apr-2023: specified-fund units bought from it are always short-term (s. 50AA)")
    func specifiedFunds() {
        let long = { (treatment: TaxTreatment, bought: String, sold: String) in
            TaxRules.isLongTerm(treatment, purchase: Self.day(bought), sale: Self.day(sold))
        }
        #expect(long(.debt, "2023-03-31", "2025-04-01"))
        #expect(!long(.debt, "2023-04-01", "2026-06-01"))
        #expect(!long(.debt, "2023-04-01", "2030-06-01"), "debt stays specified under both definitions")
        #expect(long(.equity, "2023-04-01", "2024-04-02"), "equity is never a specified fund")
    }

    @Test("FY 2025-26: a fund is specified only with more than 65 % in debt; gold and overseas funds leave s. 50AA")
    func specifiedRedefined() {
        let long = { (treatment: TaxTreatment, bought: String, sold: String) in
            TaxRules.isLongTerm(treatment, purchase: Self.day(bought), sale: Self.day(sold))
        }
        #expect(!long(.other, "2023-04-01", "2025-03-31"), "FY 2024-25: specified (at most 35 % domestic equity)")
        #expect(long(.other, "2023-04-01", "2025-04-02"), "FY 2025-26: not specified, more than 24 months")
        #expect(!long(.other, "2023-04-01", "2025-04-01"), "exactly 24 months is not more than 24")
        #expect(!long(.debt, "2023-04-01", "2025-04-02"))
        #expect(TaxRules.treatment(category: "Other Scheme - Gold ETF", name: "X Gold ETF") == .other)
        #expect(TaxRules.treatment(category: "Other Scheme - FoF Overseas", name: "X Nasdaq FoF") == .other)
        #expect(TaxRules.treatment(category: "Debt Scheme - Liquid Fund", name: "X Liquid") == .debt)
        #expect(
            TaxRules.treatment(category: "Hybrid Scheme - Balanced Hybrid Fund", name: "X Balanced Hybrid Fund")
                == .other)
        #expect(TaxRules.treatment(category: "Hybrid Scheme - Aggressive Hybrid Fund", name: "X Hybrid") == .equity)
        #expect(TaxRules.treatment(category: "Balanced", name: "X Balanced Fund") == .equity)
    }

    @Test("22/23-Jul-2024: 36 months and indexation to 22-Jul, 24 months without indexation from 23-Jul")
    func regime2024() throws {
        let held36 = try Self.row(.debt, "2021-07-22", "2024-07-22")
        #expect(held36.term == "short", "exactly 36 months on 22-Jul-2024")
        let held24 = try Self.row(.debt, "2022-07-22", "2024-07-23")
        #expect(held24.term == "long" && held24.acquisitionValue == Amount(1000), "more than 24 months, not indexed")
        let indexed = try Self.row(.debt, "2021-07-01", "2024-07-22")
        // CII 2021-22 = 317, 2024-25 = 363: 1000 × 363 / 317 = 1145.110… → 1145.11.
        #expect(indexed.term == "long" && indexed.acquisitionValue == Amount("1145.11")!)
        let sold23 = try Self.row(.debt, "2021-07-01", "2024-07-23")
        #expect(sold23.acquisitionValue == Amount(1000))
    }

    @Test("rates by transfer date: s. 111A 10 → 15 (1-Apr-2008) → 20 %, s. 112A 10 → 12.5 %, s. 112 20 → 12.5 %")
    func rates() {
        func rate(_ head: GainHead, _ sold: String, slab: Amount? = nil) -> Amount? {
            head.rate(sale: Self.day(sold), slab: slab)
        }
        #expect(
            rate(.equityShortTerm, "2008-03-31") == Amount(10) && rate(.equityShortTerm, "2008-04-01") == Amount(15))
        #expect(
            rate(.equityShortTerm, "2024-07-22") == Amount(15) && rate(.equityShortTerm, "2024-07-23") == Amount(20))
        #expect(
            rate(.equityLongTerm, "2024-07-22") == Amount(10) && rate(.equityLongTerm, "2024-07-23") == Amount("12.5")!)
        #expect(
            rate(.otherLongTerm, "2024-07-22") == Amount(20) && rate(.otherLongTerm, "2024-07-23") == Amount("12.5")!)
        #expect(
            rate(.otherShortTerm, "2024-07-23") == nil
                && rate(.otherShortTerm, "2024-07-23", slab: Amount(30)) == Amount(30))
        #expect(rate(.equityLongTermExempt, "2018-03-31") == .zero)
    }

    @Test("the s. 112A exemption: none before FY 2018-19, ₹1 lakh to FY 2023-24, ₹1.25 lakh from FY 2024-25")
    func exemption() {
        #expect(TaxGlossary.exemption112A(financialYear: "2017-18") == .zero)
        #expect(TaxGlossary.exemption112A(financialYear: "2018-19") == Amount(100_000))
        #expect(TaxGlossary.exemption112A(financialYear: "2023-24") == Amount(100_000))
        #expect(TaxGlossary.exemption112A(financialYear: "2024-25") == Amount(125_000))
        #expect(TaxGlossary.exemption112A(financialYear: "2025-26") == Amount(125_000))
    }

    @Test("advance-tax periods end on 15-Jun, 15-Sep, 15-Dec, 15-Mar and 31-Mar")
    func advanceTaxPeriods() {
        let cases = [
            ("2024-04-01", 0), ("2024-06-15", 0), ("2024-06-16", 1), ("2024-09-15", 1), ("2024-09-16", 2),
            ("2024-12-15", 2), ("2024-12-16", 3), ("2025-03-15", 3), ("2025-03-16", 4), ("2025-03-31", 4),
        ]
        for (date, period) in cases { #expect(TaxGlossary.advanceTaxPeriod(of: Self.day(date)) == period, "\(date)") }
    }

    /// The index as CBDT notified it under s. 48 Explanation (v): S.O. 1790(E) of 5-Jun-2017 (serial numbers 1–17,
    /// 2001-02 to 2017-18), then one notification a year inserting the next serial number.
    static let notified: [(year: String, index: Int)] = [
        ("2001-02", 100), ("2002-03", 105), ("2003-04", 109), ("2004-05", 113), ("2005-06", 117), ("2006-07", 122),
        ("2007-08", 129), ("2008-09", 137), ("2009-10", 148), ("2010-11", 167), ("2011-12", 184), ("2012-13", 200),
        ("2013-14", 220), ("2014-15", 240), ("2015-16", 254), ("2016-17", 264), ("2017-18", 272),
        ("2018-19", 280), ("2019-20", 289), ("2020-21", 301), ("2021-22", 317), ("2022-23", 331), ("2023-24", 348),
        ("2024-25", 363), ("2025-26", 376),
    ]

    @Test("the Cost Inflation Index table is the notified one, each year with its notification")
    func costInflationIndex() {
        #expect(TaxRules.costInflationIndex.count == Self.notified.count)
        for (serial, entry) in Self.notified.enumerated() {
            let start = 2001 + serial
            #expect(entry.year.hasPrefix("\(start)-"))
            #expect(TaxRules.costInflationIndex[start] == entry.index, "\(entry.year)")
            #expect(TaxRules.costInflationIndexNotifications[start] != nil, "\(entry.year) names its notification")
            #expect(TaxRules.cii(of: CalendarDate(year: start, month: 4, day: 1)!) == entry.index)
        }
        #expect(TaxRules.costInflationIndexNotifications[2017]?.hasPrefix("S.O. 1790(E)") == true)
        #expect(TaxRules.costInflationIndexNotifications[2024]?.hasPrefix("S.O. 2103(E), 24-May-2024") == true)
    }
}
