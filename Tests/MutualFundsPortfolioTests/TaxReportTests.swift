import Failures
import Foundation
import Money
import Testing
import Timing

@testable import MutualFunds
@testable import MutualFundsPortfolio

/// The tax report on lots built for it: lines by provision and rate, set-off, exemption, carry-forward, estimate,
/// advance-tax periods and Schedule 112A.
@Suite("Tax report")
struct TaxReportTests {
    static func row(
        _ treatment: TaxTreatment, _ bought: String, _ sold: String, units: String, buy: String, sell: String,
        name: String = "Fund", isin: String = "INF1", nav31Jan2018: Amount? = nil
    ) throws -> GainRow {
        try GainRow(
            lot: GainsRulesTests.lot(bought, sold, units: units, buy: buy, sell: sell),
            scheme: HeldScheme(folio: "1", amc: "A", name: name, isin: isin, amfi: 1), treatment: treatment,
            basis: .category, navOn31Jan2018: nav31Jan2018)
    }

    /// FY 2024-25: s. 112A gains on both sides of 23-Jul-2024, a s. 111A loss after it, a slab-rate gain.
    static func year2024() throws -> [GainRow] {
        [
            try Self.row(.equity, "2020-01-01", "2024-06-01", units: "1000", buy: "100", sell: "200"),
            try Self.row(.equity, "2020-01-01", "2024-08-01", units: "1000", buy: "100", sell: "250"),
            try Self.row(.equity, "2024-05-01", "2024-09-01", units: "100", buy: "200", sell: "150"),
            try Self.row(
                .debt, "2024-01-01", "2024-10-01", units: "100", buy: "10", sell: "12", name: "Liquid", isin: "INF2"),
        ]
    }

    @Test(
        "FY 2024-25: lines split at 23-Jul-2024, a short-term loss set off against the highest rate, ₹1.25 lakh exempt")
    func splitYear() throws {
        let report = try TaxComputation.report(
            rows: try Self.year2024(), financialYear: "2024-25", slab: Amount(30), details: false)
        let lines = report.lines.map { "\($0.section) \($0.transfers) \($0.rate?.plainText ?? "-")" }
        #expect(
            lines == [
                "111A from 23-Jul-2024 20", "112A before 23-Jul-2024 10", "112A from 23-Jul-2024 12.5",
                "slab from 23-Jul-2024 30",
            ])
        let byName = Dictionary(uniqueKeysWithValues: report.lines.map { ("\($0.section) \($0.transfers)", $0) })
        // The 5,000 loss: 200 against the 30 % slab gain, 4,800 against the 12.5 % s. 112A gain.
        #expect(byName["111A from 23-Jul-2024"]!.gain == Amount(-5000))
        #expect(byName["111A from 23-Jul-2024"]!.setOff == Amount(5000))
        #expect(
            byName["slab from 23-Jul-2024"]!.setOff == Amount(200) && byName["slab from 23-Jul-2024"]!.taxable == .zero)
        let after = byName["112A from 23-Jul-2024"]!
        #expect(after.setOff == Amount(4800) && after.exemption == Amount(125_000) && after.taxable == Amount(20_200))
        #expect(after.tax == Amount(2525))
        let before = byName["112A before 23-Jul-2024"]!
        #expect(before.exemption == .zero && before.taxable == Amount(100_000) && before.tax == Amount(10_000))
        #expect(report.exemptionLimit == Amount(125_000) && report.exemptionUsed == Amount(125_000))
        #expect(report.tax == Amount(12_525) && report.carriedForward.isEmpty)
        #expect(report.notes.first?.contains("before surcharge") == true)
        // Advance-tax periods, before set-off: June's sale in the first, August's and 1-Sep's in the second.
        let periods = Dictionary(
            uniqueKeysWithValues: report.advanceTax.map { ("\($0.section) \($0.transfers)", $0.amounts) })
        #expect(periods["112A before 23-Jul-2024"] == [Amount(100_000), 0, 0, 0, 0])
        #expect(periods["112A from 23-Jul-2024"] == [0, Amount(150_000), 0, 0, 0])
        #expect(periods["111A from 23-Jul-2024"] == [0, Amount(-5000), 0, 0, 0])
        #expect(periods["slab from 23-Jul-2024"] == [0, 0, Amount(200), 0, 0])
    }

    @Test("without --slab the slab-rate line has no tax, and the report says so")
    func withoutSlab() throws {
        let report = try TaxComputation.report(
            rows: try Self.year2024(), financialYear: "2024-25", slab: nil, details: false)
        #expect(report.lines.first { $0.head == .otherShortTerm }?.tax == nil)
        #expect(report.tax == Amount(12_525))
        #expect(report.notes.contains { $0.contains("--slab") })
    }

    @Test("long-term losses are set off only against long-term gains and carried forward eight years")
    func carryForward() throws {
        let rows = [
            // FY 2021-22: a long-term loss of 5,000 and a short-term gain it may not touch.
            try Self.row(.equity, "2019-01-01", "2021-06-01", units: "100", buy: "100", sell: "50"),
            try Self.row(.equity, "2021-01-01", "2021-06-01", units: "100", buy: "100", sell: "110"),
            // FY 2022-23: a short-term gain only.
            try Self.row(.equity, "2022-05-01", "2022-09-01", units: "100", buy: "100", sell: "130"),
            // FY 2023-24: a long-term gain of 2,000.
            try Self.row(.equity, "2021-01-01", "2023-06-01", units: "100", buy: "100", sell: "120"),
        ]
        let first = try TaxComputation.report(rows: rows, financialYear: "2021-22", slab: nil, details: false)
        #expect(first.lines.first { $0.head == .equityShortTerm }?.taxable == Amount(1000))
        #expect(
            first.carriedForward == [
                CarriedLoss(
                    financialYear: "2021-22", lastYear: "2029-30", shortTerm: .zero,
                    longTerm: Amount(5000))
            ])
        let second = try TaxComputation.report(rows: rows, financialYear: "2022-23", slab: nil, details: false)
        #expect(
            second.lines.first?.broughtForwardSetOff == .zero && second.carriedForward.first?.longTerm == Amount(5000))
        let third = try TaxComputation.report(rows: rows, financialYear: "2023-24", slab: nil, details: false)
        #expect(third.broughtForward.first?.longTerm == Amount(5000))
        #expect(third.lines.first?.broughtForwardSetOff == Amount(2000) && third.lines.first?.taxable == .zero)
        #expect(third.carriedForward.first?.longTerm == Amount(3000))
    }

    @Test("a loss may be set off for eight years after its own, not the ninth")
    func expiry() throws {
        let rows = [
            try Self.row(.debt, "2010-05-01", "2010-09-01", units: "100", buy: "100", sell: "90"),
            try Self.row(.debt, "2018-05-01", "2018-09-01", units: "100", buy: "100", sell: "150"),
            try Self.row(.debt, "2019-05-01", "2019-09-01", units: "100", buy: "100", sell: "150"),
        ]
        let eighth = try TaxComputation.report(rows: rows, financialYear: "2018-19", slab: Amount(30), details: false)
        #expect(eighth.broughtForward.map(\.lastYear) == ["2018-19"])
        #expect(eighth.lines.first?.broughtForwardSetOff == Amount(1000) && eighth.tax == Amount(1200))
        let rows9 = [rows[0], rows[2]]
        let ninth = try TaxComputation.report(rows: rows9, financialYear: "2019-20", slab: Amount(30), details: false)
        #expect(ninth.broughtForward.isEmpty && ninth.tax == Amount(1500))
    }

    @Test("a year without sales has no lines; the exempt s. 10(38) line is never taxed nor set off")
    func emptyAndExempt() throws {
        let empty = try TaxComputation.report(rows: [], financialYear: "2030-31", slab: nil, details: false)
        #expect(!empty.hasSales && empty.tax == .zero && empty.financialYear == "2030-31")
        let exempt = try TaxComputation.report(
            rows: [
                try Self.row(.equity, "2016-01-01", "2017-06-01", units: "100", buy: "100", sell: "150"),
                try Self.row(.equity, "2017-01-01", "2017-06-01", units: "100", buy: "100", sell: "90"),
            ], financialYear: "2017-18", slab: nil, details: false)
        let line = exempt.lines.first { $0.head == .equityLongTermExempt }!
        #expect(line.gain == Amount(5000) && line.taxable == .zero && line.setOff == .zero && line.tax == .zero)
        #expect(
            exempt.carriedForward.first?.shortTerm == Amount(1000),
            "a short-term loss is not set off against exempt gains")
        #expect(
            exempt.exemptionSummary
                == "s. 112A exemption: none before FY 2018-19 (long-term equity gains were exempt under s. 10(38))")
    }

    @Test("a grandfathered lot without the NAV of 31-Jan-2018: no fair value guessed, a note, no filing until known")
    func unknownFairValue() throws {
        let unknown = try TaxComputation.report(
            rows: [try Self.row(.equity, "2016-01-01", "2024-06-01", units: "100", buy: "100", sell: "300")],
            financialYear: "2024-25", slab: nil, details: false)
        let row = try #require(unknown.schedule112A.first)
        #expect(row.acquired == "BE" && row.fairValueUnknown && row.fmvPerUnit == nil && row.totalFMV == .zero)
        #expect(row.balance == Amount(20_000), "taken at cost, as its gain was")
        #expect(unknown.schemesWithoutFairValue == ["Fund"])
        #expect(unknown.notes.last?.contains("not grandfathered (s. 55(2)(ac))") == true)
        #expect(throws: FolioError.self) { try unknown.schedule112AForFiling() }
        let known = try TaxComputation.report(
            rows: [
                try Self.row(
                    .equity, "2016-01-01", "2024-06-01", units: "100", buy: "100", sell: "300",
                    nav31Jan2018: Amount(150))
            ], financialYear: "2024-25", slab: nil, details: false)
        #expect(try known.schedule112AForFiling().first?.balance == Amount(15_000))
        #expect(known.schemesWithoutFairValue.isEmpty && !known.notes.contains { $0.contains("not grandfathered") })
    }

    @Test("the report names every year with sales, newest first, and the exemption it used of the year's limit")
    func yearsAndExemptionSummary() throws {
        let rows =
            try Self.year2024() + [
                try Self.row(.equity, "2016-01-01", "2017-06-01", units: "100", buy: "100", sell: "150"),
                try Self.row(.equity, "2020-01-01", "2022-05-01", units: "10", buy: "100", sell: "150"),
            ]
        let report = try TaxComputation.report(rows: rows, financialYear: "2022-23", slab: nil, details: false)
        #expect(report.yearsWithSales == ["2024-25", "2022-23", "2017-18"])
        #expect(report.exemptionSummary == "s. 112A exemption used: ₹500.00 of ₹1,00,000.00")
    }

    @Test(
        "Schedule 112A: a row per scheme and side of 23-Jul-2024, each grandfathered lot its own, every lot with details"
    )
    func schedule112A() throws {
        let rows = [
            try Self.row(
                .equity, "2017-06-01", "2024-06-01", units: "10", buy: "100", sell: "300", nav31Jan2018: Amount(120)),
            try Self.row(.equity, "2019-06-01", "2024-06-01", units: "10", buy: "150", sell: "300"),
            try Self.row(.equity, "2019-07-01", "2024-08-01", units: "10.5", buy: "150.3333", sell: "310"),
            try Self.row(
                .equity, "2019-07-01", "2024-08-01", units: "10", buy: "150", sell: "310", name: "Other", isin: "INF9"),
        ]
        let report = try TaxComputation.report(rows: rows, financialYear: "2024-25", slab: nil, details: false)
        #expect(
            report.schedule112A.map { "\($0.name) \($0.acquired) \($0.transferred ?? "")" }
                == ["Fund AE AE", "Fund AE BE", "Fund BE BE", "Other AE AE"])
        let grandfathered = report.schedule112A[2]
        #expect(grandfathered.fmvPerUnit == Amount(120) && grandfathered.totalFMV == Amount(1200))
        #expect(grandfathered.lowerOfValueAndFMV == Amount(1200) && grandfathered.costWithoutIndexation == Amount(1200))
        #expect(grandfathered.balance == Amount(1800))
        let header = Schedule112ARow.header(financialYear: "2024-25")
        #expect(header.count == 15 && header[1] == "Share/Unit Transferred(1b)")
        #expect(Schedule112ARow.header(financialYear: "2023-24").count == 14)
        let cells = report.schedule112A[0].cells(financialYear: "2024-25")
        #expect(cells.count == 15)
        // 10.5 × 310 = 3255, 10.5 × 150.3333 = 1578.50 → 1579 (half up): 13 = 1579, 14 = 3255 − 1579.
        #expect(cells[6] == "3255" && cells[7] == "1579" && cells[13] == "1579" && cells[14] == "1676")
        let details = try TaxComputation.report(rows: rows, financialYear: "2024-25", slab: nil, details: true)
        #expect(details.schedule112A.count == 4 && details.schedule112A.allSatisfy { $0.saleDate != nil })
    }
}
