import Failures
import Money
import Testing
import Timing

@testable import MutualFunds
@testable import MutualFundsPortfolio

@Suite("Capital gains rules, by hand")
struct GainsRulesTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func lot(
        _ bought: String, _ sold: String, units: String, buy: String, sell: String, stamp: String = "0"
    )
        throws -> MatchedLot
    {
        let units = Amount(units)!
        return MatchedLot(
            purchaseDate: day(bought), purchaseNAV: Amount(buy)!, units: units,
            purchaseValue: try FIFOMatching.paisa(units, Amount(buy)!), stampDuty: Amount(stamp)!, saleDate: day(sold),
            saleNAV: Amount(sell)!, saleValue: try FIFOMatching.paisa(units, Amount(sell)!), stt: .zero)
    }

    static let scheme = HeldScheme(folio: "1", amc: "A", name: "Fund", isin: "INF1", amfi: 1)

    @Test("financial years run April to March; --fy takes 2024-25, FY2024-25 or 2024")
    func financialYears() throws {
        #expect(TaxRules.financialYear(of: Self.day("2024-03-31")) == "2023-24")
        #expect(TaxRules.financialYear(of: Self.day("2024-04-01")) == "2024-25")
        #expect(TaxRules.financialYear(of: Self.day("2000-01-01")) == "1999-00")
        for text in ["2024-25", "FY2024-25", "fy2024-25", "2024"] {
            #expect(try PortfolioService.financialYear(parsing: text) == "2024-25")
        }
        for text in ["2024-26", "24-25", "2024-2025", "x"] {
            #expect(throws: FolioError.self) { try PortfolioService.financialYear(parsing: text) }
        }
    }

    @Test("holding periods at the rule dates")
    func terms() {
        func long(_ treatment: TaxTreatment, _ bought: String, _ sold: String) -> Bool {
            TaxRules.isLongTerm(treatment, purchase: Self.day(bought), sale: Self.day(sold))
        }
        #expect(!long(.equity, "2022-03-01", "2023-03-01"), "exactly 12 months is short-term")
        #expect(long(.equity, "2022-03-01", "2023-03-02"))
        #expect(!long(.debt, "2020-01-10", "2023-01-10"))
        #expect(long(.debt, "2020-01-10", "2023-01-11"))
        #expect(!long(.debt, "2022-07-21", "2024-07-22"), "before 23-Jul-2024 debt needs 36 months")
        #expect(long(.debt, "2022-07-21", "2024-07-23"), "from 23-Jul-2024, 24 months")
        #expect(!long(.debt, "2023-04-01", "2026-05-01"), "bought from 1-Apr-2023: always short-term")
        #expect(long(.debt, "2023-03-31", "2025-04-01"))
    }

    @Test(
        "equity bought by 31-Jan-2018: cost grandfathered to min(value at that NAV, sale value); exempt before April 2018"
    )
    func grandfathering() throws {
        let gained = try GainRow(
            lot: Self.lot("2017-06-01", "2019-06-03", units: "100", buy: "20", sell: "30"), scheme: Self.scheme,
            treatment: .equity, basis: .category, navOn31Jan2018: Amount(25))
        #expect(gained.term == "long" && gained.acquisitionValue == Amount(2500))
        #expect(gained.longTermGain == Amount(1000) && gained.longTermTaxableGain == Amount(500))
        #expect(gained.grandfatheringNAV == Amount(25))
        let below = try GainRow(
            lot: Self.lot("2017-06-01", "2019-06-03", units: "100", buy: "20", sell: "22"), scheme: Self.scheme,
            treatment: .equity, basis: .category, navOn31Jan2018: Amount(25))
        #expect(below.acquisitionValue == Amount(2200) && below.longTermTaxableGain == .zero)
        let exempt = try GainRow(
            lot: Self.lot("2016-06-01", "2018-03-15", units: "100", buy: "20", sell: "30"), scheme: Self.scheme,
            treatment: .equity, basis: .category, navOn31Jan2018: Amount(25))
        #expect(exempt.longTermGain == Amount(1000) && exempt.longTermTaxableGain == .zero)
        let later = try GainRow(
            lot: Self.lot("2018-02-01", "2019-06-03", units: "100", buy: "20", sell: "30", stamp: "0.10"),
            scheme: Self.scheme, treatment: .equity, basis: .category, navOn31Jan2018: Amount(25))
        #expect(later.acquisitionValue == Amount("2000.10")! && later.longTermTaxableGain == Amount("999.90")!)
    }

    @Test("debt: cost indexed by CII for long-term sales before 23-Jul-2024, not after; short-term gains not indexed")
    func indexation() throws {
        // CII 2015-16 = 254, 2019-20 = 289: 10000 × 289 / 254 = 11377.952… → 11377.95.
        let indexed = try GainRow(
            lot: Self.lot("2015-06-01", "2019-06-03", units: "1000", buy: "10", sell: "14"), scheme: Self.scheme,
            treatment: .debt, basis: .category, navOn31Jan2018: nil)
        #expect(indexed.term == "long" && indexed.acquisitionValue == Amount("11377.95")!)
        #expect(indexed.longTermGain == Amount(4000) && indexed.longTermTaxableGain == Amount("2622.05")!)
        let after2024 = try GainRow(
            lot: Self.lot("2021-06-01", "2024-08-01", units: "1000", buy: "10", sell: "14"), scheme: Self.scheme,
            treatment: .debt, basis: .category, navOn31Jan2018: nil)
        #expect(after2024.term == "long" && after2024.acquisitionValue == Amount(10000))
        #expect(after2024.longTermTaxableGain == Amount(4000))
        let short = try GainRow(
            lot: Self.lot("2023-04-03", "2026-06-01", units: "1000", buy: "10", sell: "14"), scheme: Self.scheme,
            treatment: .debt, basis: .category, navOn31Jan2018: nil)
        #expect(short.term == "short" && short.shortTermGain == Amount(4000) && short.longTermTaxableGain == .zero)
    }

    @Test("treatment: override, then the statement's type, then STT, then the MF API category")
    func treatment() {
        var scheme = Self.scheme
        #expect(CapitalGains.treatment(of: scheme, override: nil, category: "Debt Scheme - Liquid Fund") == .debt)
        #expect(
            CapitalGains.treatment(of: scheme, override: nil, category: "Equity Scheme - Large Cap Fund") == .equity)
        #expect(
            CapitalGains.treatment(of: scheme, override: nil, category: "Hybrid Scheme - Conservative Hybrid Fund")
                == .debt)
        #expect(
            CapitalGains.treatment(of: scheme, override: nil, category: "Hybrid Scheme - Arbitrage Fund") == .equity)
        scheme.transactions = [
            PortfolioTransaction(
                scheme: scheme.key, date: Self.day("2024-01-01"), kind: .stt, description: "STT", amount: Amount(1),
                units: nil, nav: nil, balance: nil)
        ]
        #expect(CapitalGains.treatment(of: scheme, override: nil, category: "Debt Scheme - Liquid Fund") == .equity)
        scheme.statementType = "DEBT"
        #expect(CapitalGains.treatment(of: scheme, override: nil, category: nil) == .debt)
        #expect(CapitalGains.treatment(of: scheme, override: .equity, category: nil) == .equity)
    }

    /// `equity statement`: the treatment and what decided it.
    static func decided(_ scheme: HeldScheme, override: TaxTreatment?, category: String?) -> String {
        let decided = CapitalGains.decided(scheme, override: override, category: category)
        return "\(decided.treatment.rawValue) \(decided.basis.rawValue)"
    }

    @Test(
        "a stored treatment (portfolio treat-as) wins over the statement, STT and category; a report's override over it"
    )
    func storedTreatment() {
        var scheme = Self.scheme
        #expect(Self.decided(scheme, override: nil, category: nil) == "debt assumed")
        #expect(Self.decided(scheme, override: nil, category: "Equity Scheme - Large Cap Fund") == "equity category")
        scheme.statementType = "EQUITY"
        #expect(Self.decided(scheme, override: nil, category: nil) == "equity statement")
        scheme.treatAs = .debt
        #expect(Self.decided(scheme, override: nil, category: "Equity Scheme - Large Cap Fund") == "debt set")
        #expect(Self.decided(scheme, override: .equity, category: nil) == "equity override")
        #expect(TreatmentBasis.set.isChosen && TreatmentBasis.override.isChosen && !TreatmentBasis.statement.isChosen)
    }
}
