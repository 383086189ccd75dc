import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import NetworkingTesting
import Testing
import Timing

/// folio's gains against casparser 1.4.1's `CapitalGainsReport` on the same statements, lot by lot, to the paisa.
///
/// Where folio's rules differ from casparser's on purpose, the lot's differing fields must be exactly the ones
/// the difference explains, and casparser's figure must be what its own rule gives:
/// - debt-oriented lots: casparser never indexes (its `coa` compares the fund's type, a string, with
///   `FundType.DEBT`, an enum, which is never equal) and grandfathers debt lots bought before 31-Jan-2018 as if
///   they were equity; folio indexes long-term lots sold before 23-Jul-2024 and does not grandfather debt.
/// - debt-oriented lots under the 2023/2024 rules: bought from 1-Apr-2023 (always short-term for folio) or sold
///   from 23-Jul-2024 after 24–36 months (long-term for folio); casparser 1.4.1 holds debt 36 months throughout.
/// - a grandfathered cost ending in exactly half a paisa (casparser rounds sale − cost, folio the cost).
/// - equity lots bought on 31-Jan-2018 itself: the law grandfathers lots acquired "on or before" that date;
///   casparser tests `purchase_date < 31-Jan-2018`.
@Suite("Capital gains against casparser 1.4.1")
struct GainsOracleTests {
    struct Tally {
        var lots = 0
        var equal = 0
        var explained: [String: Int] = [:]
    }

    @Test("the shared statement: both lots equal to the paisa")
    func sharedFixture() async throws {
        let data = try Fixtures.data("cas/hilla-folioman_upload-03_icici_nn50.json")
        let oracle = try await CasparserOracle.run(statement: data)
        #expect(oracle.casparser == "1.4.1")
        let app = PortfolioApp()
        _ = try await app.service.importStatement(data, allowMismatch: true)
        let ours = try await app.service.gains()
        let tally = try compare(ours.rows, oracle.rows, navs: [:])
        #expect(tally.lots == 2 && tally.equal == 2)
        #expect(ours.rows.map(\.saleValue) == [Amount("2824.61")!, Amount("2175.47")!])
    }

    @Test("generated statements: every lot equal, or different only as the rules explain", arguments: Array(1...10))
    func generated(seed: Int) async throws {
        var generator = StatementGenerator(seed: UInt64(seed))
        let data = generator.generate(schemes: 6, folios: 2, events: 200)
        let navs = generator.navsOn31Jan2018
        var answers: [String: Data] = [:]
        for scheme in generator.schemes {
            answers["/mf/\(scheme.code)"] = PortfolioApp.historyBody(
                code: scheme.code, name: scheme.name, category: scheme.category,
                points: [("2018-01-31", navs[scheme.isin]!), ("2026-06-30", "100")])
        }
        let app = PortfolioApp(answers: answers)
        let imported = try await app.service.importStatement(data)
        #expect(imported.unreconciled.isEmpty && imported.added > 100)
        let ours = try await app.service.gains()
        let oracle = try await CasparserOracle.run(statement: data, navs: navs)
        #expect(oracle.errors.isEmpty, "\(oracle.errors)")
        let tally = try compare(ours.rows, oracle.rows, navs: navs)
        #expect(tally.lots > 20)
        print(
            "seed \(seed): \(tally.lots) lots, \(tally.equal) equal to the paisa, explained differences: \(tally.explained)"
        )
    }

    /// Pairs the rows and checks each pair.
    func compare(_ ours: [GainRow], _ theirs: [CasparserOracle.Row], navs: [String: String]) throws -> Tally {
        #expect(ours.count == theirs.count, "lot counts differ: \(ours.count) against casparser's \(theirs.count)")
        func key(_ parts: [String]) -> String { parts.joined(separator: "|") }
        let sortedOurs = ours.sorted {
            key([$0.financialYear, $0.folio, $0.scheme, $0.saleDate, $0.purchaseDate, $0.units.plainText])
                < key([$1.financialYear, $1.folio, $1.scheme, $1.saleDate, $1.purchaseDate, $1.units.plainText])
        }
        let sortedTheirs = theirs.sorted {
            key([$0.financialYear, $0.folio, $0.scheme, $0.saleDate, $0.purchaseDate, $0.units.plainText])
                < key([$1.financialYear, $1.folio, $1.scheme, $1.saleDate, $1.purchaseDate, $1.units.plainText])
        }
        var tally = Tally()
        for (mine, theirs) in zip(sortedOurs, sortedTheirs) {
            tally.lots += 1
            let same: [(String, Bool)] = [
                ("financialYear", mine.financialYear == theirs.financialYear), ("folio", mine.folio == theirs.folio),
                ("units", mine.units == theirs.units), ("purchaseDate", mine.purchaseDate == theirs.purchaseDate),
                ("purchaseNAV", mine.purchaseNAV == theirs.purchaseNAV),
                ("purchaseValue", mine.purchaseValue == theirs.purchaseValue),
                ("stampDuty", mine.stampDuty == theirs.stampDuty), ("saleDate", mine.saleDate == theirs.saleDate),
                ("saleNAV", mine.saleNAV == theirs.saleNAV), ("saleValue", mine.saleValue == theirs.saleValue),
                ("stt", mine.stt == theirs.stt), ("treatment", mine.treatment.rawValue.uppercased() == theirs.type),
                ("term", mine.term == theirs.term), ("longTermGain", mine.longTermGain == theirs.longTermGain),
                ("shortTermGain", mine.shortTermGain == theirs.shortTermGain),
                // casparser leaves a grandfathered cost unrounded (units × NAV of 31-Jan-2018); folio rounds it.
                ("acquisitionValue", mine.acquisitionValue == theirs.acquisitionValue.rounded(toPlaces: 2, .halfEven)),
                ("longTermTaxableGain", mine.longTermTaxableGain == theirs.longTermTaxableGain),
            ]
            let differing = Set(same.filter { !$0.1 }.map(\.0))
            if differing.isEmpty {
                tally.equal += 1
                continue
            }
            let reason = try explanation(mine, theirs, navs: navs)
            #expect(
                reason != nil && differing.isSubset(of: reason!.fields),
                "lot \(mine.scheme) \(mine.purchaseDate)→\(mine.saleDate) \(mine.units): \(differing.sorted()) differ unexplained"
            )
            if let reason { tally.explained[reason.name, default: 0] += 1 }
        }
        return tally
    }

    /// Why a lot may differ, with the fields it may change, after checking casparser's own figure is its rule's.
    func explanation(
        _ mine: GainRow, _ theirs: CasparserOracle.Row, navs: [String: String]
    ) throws
        -> (name: String, fields: Set<String>)?
    {
        let purchase = CalendarDate(iso8601: mine.purchaseDate)!
        let sale = CalendarDate(iso8601: mine.saleDate)!
        let cost = try mine.purchaseValue + mine.stampDuty
        // casparser's acquisition value for every lot that is not equity-typed-by-enum: the equity rule with `<`.
        var casparserCost = cost
        if purchase < TaxRules.grandfatheringDate {
            if sale < TaxRules.equityTaxFrom {
                casparserCost = mine.saleValue
            } else {
                let fair = try navs[mine.isin ?? ""].map { try Amount($0)! * mine.units } ?? mine.purchaseValue
                casparserCost = max(cost, min(fair, mine.saleValue))
            }
        }
        #expect(theirs.acquisitionValue == casparserCost, "casparser's cost of \(mine.scheme) \(mine.purchaseDate)")
        // A grandfathered cost ending in exactly half a paisa: casparser rounds sale − cost, folio rounds the cost
        // (half to even both), which can differ by one paisa.
        let halfPaisa = try casparserCost * 200
        if halfPaisa.rounded(toPlaces: 0) == halfPaisa && casparserCost.rounded(toPlaces: 2) != casparserCost {
            return (
                "a grandfathered cost of exactly half a paisa, rounded before the subtraction", ["longTermTaxableGain"]
            )
        }
        let casparserLong = sale > purchase.adding(years: mine.treatment == .equity ? 1 : 3)
        #expect((theirs.term == "long") == casparserLong)
        switch mine.treatment {
        case .equity:
            guard purchase == TaxRules.grandfatheringDate else { return nil }
            return (
                "equity bought on 31-Jan-2018: grandfathered by folio (on or before), not by casparser (before)",
                ["acquisitionValue", "longTermTaxableGain"]
            )
        case .debt, .other:
            let indexed = mine.term == "long" && sale < TaxRules.regime2024
            let ourCost =
                indexed
                ? try (cost * TaxRules.cii(of: sale)).divided(
                    by: TaxRules.cii(of: purchase), places: 2, rounding: .halfEven)
                : cost
            #expect(mine.acquisitionValue == ourCost, "folio's cost of \(mine.scheme) \(mine.purchaseDate)")
            var fields: Set<String> = []
            var name = "debt: folio indexes long-term lots sold before 23-Jul-2024 and does not grandfather debt"
            if indexed || purchase < TaxRules.grandfatheringDate {
                fields = ["acquisitionValue", "longTermTaxableGain"]
            }
            if (mine.term == "long") != casparserLong {
                fields.formUnion(["term", "longTermGain", "shortTermGain", "longTermTaxableGain"])
                name =
                    purchase >= TaxRules.specifiedFundFrom
                    ? "debt bought from 1-Apr-2023: always short-term (section 50AA)"
                    : "debt sold from 23-Jul-2024: long-term after 24 months"
            }
            return (name, fields)
        }
    }
}
