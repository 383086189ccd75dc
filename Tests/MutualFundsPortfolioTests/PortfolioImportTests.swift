import Failures
import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import NetworkingTesting
import Testing
import Timing

@Suite("Portfolio import: casparser JSON and CSV, reconciliation, idempotent re-import")
struct PortfolioImportTests {
    static let fixture = "cas/hilla-folioman_upload-03_icici_nn50.json"

    @Test("the shared statement does not reconcile: refused naming folio, scheme and transaction; nothing stored")
    func refusesMismatch() async throws {
        let app = PortfolioApp()
        let data = try Fixtures.data(Self.fixture)
        let error = await #expect(throws: FolioError.self) { try await app.service.importStatement(data) }
        #expect(error?.kind == .dataError)
        let why = try #require(error?.why)
        #expect(why.contains("folio 15936342 / 43"))
        #expect(why.contains("ICICI Prudential Nifty Next 50 Index Fund"))
        #expect(why.contains("PURCHASE_SIP of 2021-01-14"))
        #expect(why.contains("balance is 15.965 units where the transactions add up to 141.075"))
        #expect(try await app.service.portfolio().schemes.isEmpty, "nothing is stored")
    }

    @Test("--allow-mismatch imports it marked unreconciled; a re-import adds nothing")
    func allowMismatchThenReimport() async throws {
        let app = PortfolioApp()
        let data = try Fixtures.data(Self.fixture)
        let first = try await app.service.importStatement(data, allowMismatch: true)
        #expect(first.added == 6 && first.alreadyHeld == 0 && first.schemes == 2 && first.newSchemes == 2)
        // The Axis scheme does not reconcile either: it closes with 206.719 units from one purchase of 23.711.
        #expect(first.unreconciled.count == 2 && first.unreconciled[0].contains("ICICI"))
        #expect(
            first.unreconciled[1].contains(
                "closes with 206.719 units where the opening 0 and the transactions add up to 23.711"))
        let portfolio = try await app.service.portfolio()
        let icici = try #require(portfolio.schemes.first { $0.isin == "INF109K01Y80" })
        let axis = try #require(portfolio.schemes.first { $0.isin == "INF846K01EW2" })
        #expect(!icici.reconciled && !axis.reconciled)
        #expect(axis.amfi == 120503 && icici.amfi == nil)
        #expect(
            icici.transactions.map(\.date.iso8601) == [
                "2021-01-14", "2021-07-19", "2021-07-19", "2022-08-01", "2022-08-01",
            ])
        #expect(icici.transactions[1].nav == Amount("158.9851")! && icici.transactions[1].amount == Amount("24383.78")!)
        let again = try await app.service.importStatement(data, allowMismatch: true)
        #expect(again.added == 0 && again.alreadyHeld == 6 && again.newSchemes == 0)
        #expect(try await app.service.portfolio() == portfolio)
    }

    @Test("decimals as JSON strings read the same as numbers; an overlapping later statement adds only what is new")
    func stringsAndOverlap() async throws {
        let app = PortfolioApp()
        let early = Self.statement(
            rows: [
                ("2023-01-10", "PURCHASE", "\"1000.00\"", "\"10.000\"", "\"100.0000\"", "\"10.000\"")
            ], close: "10.000")
        let later = Self.statement(
            rows: [
                ("2023-01-10", "PURCHASE", "1000.0", "10", "100", "10"),
                ("2023-02-10", "PURCHASE_SIP", "1100.00", "10.000", "110.0000", "20.000"),
            ], close: "20")
        #expect(try await app.service.importStatement(early).added == 1)
        let second = try await app.service.importStatement(later)
        #expect(second.added == 1 && second.alreadyHeld == 1)
        #expect(try await app.service.portfolioTransactions().count == 2)
    }

    @Test("a SUMMARY statement is refused with that reason")
    func summaryRefused() async throws {
        let app = PortfolioApp()
        let json =
            #"{"cas_type":"SUMMARY","folios":[{"folio":"1","amc":"X","schemes":[{"scheme":"S","isin":"INF1","amfi":"1","open":"0","close":"5","transactions":[]}]}]}"#
        let error = await #expect(throws: FolioError.self) { try await app.service.importStatement(Data(json.utf8)) }
        #expect(error?.kind == .dataError && error?.why?.contains("SUMMARY") == true)
    }

    @Test("casparser's CSV export: running balances checked, the same transactions as its JSON")
    func csvImport() async throws {
        let app = PortfolioApp()
        let csv = """
            amc,folio,pan,scheme,advisor,isin,amfi,date,description,amount,units,nav,balance,type,dividend
            Test MF,111 / 1,ABCDE1234F,"Test Fund, Direct Growth",ARN-1,INF000000001,100001,2023-01-10,Purchase,1000.00,10.000,100.0000,10.000,PURCHASE,
            Test MF,111 / 1,ABCDE1234F,"Test Fund, Direct Growth",ARN-1,INF000000001,100001,2023-01-10,*** Stamp Duty ***,0.05,,,,STAMP_DUTY_TAX,
            Test MF,111 / 1,ABCDE1234F,"Test Fund, Direct Growth",ARN-1,INF000000001,100001,2023-03-10,Redemption,-600.00,-5.000,120.0000,5.000,REDEMPTION,
            """
        let report = try await app.service.importStatement(Data(csv.utf8))
        #expect(report.added == 3 && report.unreconciled.isEmpty)
        let scheme = try #require(try await app.service.portfolio().schemes.first)
        #expect(scheme.name == "Test Fund, Direct Growth" && scheme.amfi == 100001 && scheme.units() == Amount(5))
        let broken = csv.replacingOccurrences(of: "120.0000,5.000,", with: "120.0000,4.000,")
        let error = await #expect(throws: FolioError.self) {
            try await PortfolioApp().service.importStatement(Data(broken.utf8))
        }
        #expect(error?.why?.contains("REDEMPTION of 2023-03-10") == true)
    }

    @Test("transactions list each id; remove takes one out; an unknown id is not found")
    func removeByID() async throws {
        let app = PortfolioApp()
        _ = try await app.service.importStatement(Fixtures.data(Self.fixture), allowMismatch: true)
        let rows = try await app.service.portfolioTransactions()
        #expect(Set(rows.map(\.id)).count == rows.count)
        let removed = try await app.service.removeTransaction(id: rows[0].id)
        #expect(removed == rows[0])
        #expect(try await app.service.portfolioTransactions() == Array(rows.dropFirst()))
        let error = await #expect(throws: FolioError.self) { try await app.service.removeTransaction(id: "nope") }
        #expect(error?.kind == .notFound && error?.field == "id")
    }

    /// A one-scheme casparser JSON statement; rows are (date, type, amount, units, nav, balance) as JSON text.
    static func statement(rows: [(String, String, String, String, String, String)], close: String) -> Data {
        let transactions = rows.map { row in
            #"{"date":"\#(row.0)","description":"x","amount":\#(row.2),"units":\#(row.3),"nav":\#(row.4),"balance":\#(row.5),"type":"\#(row.1)","dividend_rate":null}"#
        }
        let json =
            #"{"cas_type":"DETAILED","folios":[{"folio":"9 / 0","amc":"Test","schemes":[{"scheme":"Test Fund","isin":"INF000000009","amfi":"100009","type":"EQUITY","open":"0","close":"\#(close)","transactions":[\#(transactions.joined(separator: ","))]}]}]}"#
        return Data(json.utf8)
    }
}
