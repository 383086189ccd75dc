import Money
import Testing
import Timing

@testable import MutualFunds
@testable import MutualFundsPortfolio

/// The transaction kinds a CAS carries, as the gains and the holdings take them.
@Suite("CAS transaction kinds in gains and holdings")
struct CASKindsTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func transaction(
        _ scheme: SchemeKey, _ date: String, _ kind: TransactionKind, amount: String?, units: String? = nil,
        nav: String? = nil
    ) -> PortfolioTransaction {
        PortfolioTransaction(
            scheme: scheme, date: day(date), kind: kind, description: kind.rawValue,
            amount: amount.flatMap(Amount.init),
            units: units.flatMap(Amount.init), nav: nav.flatMap(Amount.init), balance: nil)
    }

    static func scheme(
        _ name: String, folio: String = "1", _ build: (SchemeKey) -> [PortfolioTransaction]
    ) -> HeldScheme {
        var scheme = HeldScheme(
            folio: folio, amc: "A", name: name, isin: "INF" + name, amfi: nil, statementType: "EQUITY")
        scheme.transactions = build(scheme.key)
        return scheme
    }

    @Test("a merger carries the merged scheme's lots, dates and cost into the surviving scheme; no sale at the merger")
    func merger() throws {
        let old = Self.scheme("OLD") { key in
            [
                Self.transaction(key, "2019-01-10", .purchase, amount: "1000", units: "100", nav: "10"),
                Self.transaction(key, "2019-01-10", .stampDuty, amount: "0.05"),
                Self.transaction(key, "2023-06-01", .purchase, amount: "1500", units: "100", nav: "15"),
                Self.transaction(key, "2024-03-01", .switchOutMerger, amount: "-4000", units: "-200", nav: "20"),
            ]
        }
        let new = Self.scheme("NEW") { key in
            [
                Self.transaction(key, "2024-03-01", .switchInMerger, amount: "4000", units: "400", nav: "10"),
                Self.transaction(key, "2024-09-02", .redemption, amount: "-5000", units: "-400", nav: "12.5"),
            ]
        }
        let report = try CapitalGains.report(Portfolio(schemes: [old, new]), facts: [:])
        #expect(report.rows.allSatisfy { $0.scheme == "NEW" }, "the merger itself is no sale")
        #expect(report.rows.map(\.purchaseDate) == ["2019-01-10", "2023-06-01"])
        #expect(report.rows.map(\.units) == [Amount(200), Amount(200)])
        #expect(report.rows.map(\.purchaseValue) == [Amount(1000), Amount(1500)])
        #expect(report.rows[0].stampDuty == Amount("0.05")! && report.rows[0].term == "long")
        #expect(report.rows[1].term == "long", "held from 1-Jun-2023, more than 12 months by 2-Sep-2024")
        #expect(report.rows.map(\.saleValue) == [Amount(2500), Amount(2500)])
        // The holdings carry the same cost: the merged lots' purchase values and stamp duty, not the switch's amount.
        let portfolio = Portfolio(schemes: [old, new])
        let carried = Mergers.carriedCosts(portfolio)
        let merged = try Position(new, asOf: Self.day("2024-03-01"), carried: carried)
        #expect(merged.units == Amount(400) && merged.invested == Amount("2500.05")!)
        let gone = try Position(old, asOf: Self.day("2024-03-01"), carried: carried)
        #expect(gone.units == .zero && gone.invested == .zero)
    }

    @Test("a reversal dated after the purchase cancels that purchase, in gains and holdings")
    func laterReversal() throws {
        let fund = Self.scheme("F") { key in
            [
                Self.transaction(key, "2022-01-03", .purchase, amount: "1000", units: "100", nav: "10"),
                Self.transaction(key, "2022-02-01", .purchase, amount: "1100", units: "100", nav: "11"),
                Self.transaction(key, "2022-02-04", .reversal, amount: "-1100", units: "-100", nav: "11"),
                Self.transaction(key, "2023-03-01", .redemption, amount: "-1500", units: "-100", nav: "15"),
            ]
        }
        let report = try CapitalGains.report(Portfolio(schemes: [fund]), facts: [:])
        #expect(report.rows.count == 1 && report.rows[0].purchaseDate == "2022-01-03")
        let position = try Position(fund, asOf: Self.day("2022-12-31"))
        #expect(position.units == Amount(100) && position.invested == Amount(1000))
    }

    @Test("a reinvested dividend is a purchase; segregated units cost nothing; TDS is no cost")
    func otherKinds() throws {
        let fund = Self.scheme("F") { key in
            [
                Self.transaction(key, "2022-01-03", .purchase, amount: "1000", units: "100", nav: "10"),
                Self.transaction(key, "2022-06-01", .dividendReinvest, amount: "55", units: "5", nav: "11"),
                Self.transaction(key, "2022-06-01", .tds, amount: "5"),
                Self.transaction(key, "2022-07-01", .segregation, amount: nil, units: "10", nav: nil),
            ]
        }
        let position = try Position(fund, asOf: nil)
        #expect(position.units == Amount(115) && position.invested == Amount(1055))
    }
}
