import Foundation
import Money
import MutualFunds
import MutualFundsPortfolio
import Networking
import NetworkingTesting
import Testing
import Timing

@Suite("AMFI's NAVAll.txt: both shared files, columns by name, a header missing one")
struct AMFINAVAllTests {
    static let files = [
        ("amfi/CASscanner_NAVAll_2025-02-25_6col.txt", 13478, 382, "2025-02-25", "103.5311"),
        ("amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt", 14037, 243, "2026-08-18", "107.1360"),
    ]

    @Test(
        "every usable row read with its block's category and fund house; N.A. and malformed rows counted",
        arguments: files)
    func sharedFiles(path: String, usable: Int, skipped: Int, date: String, nav: String) throws {
        let file = try AMFINAVAll.parse(String(decoding: Fixtures.data(path), as: UTF8.self))
        #expect(file.entries.count == usable && file.skippedRows == skipped)
        #expect(file.latestDate?.iso8601 == date)
        let entry = try #require(file.entry(code: 119551))
        #expect(entry.nav == Amount(nav)! && entry.date.iso8601 == date)
        #expect(entry.isins == ["INF209KA12Z1", "INF209KA13Z9"])
        #expect(entry.category == "Debt Scheme - Banking and PSU Fund")
        #expect(entry.fundHouse == "Aditya Birla Sun Life Mutual Fund")
        #expect(file.entry(isin: "INF879O01027")?.code == 122639)
        #expect(file.entries.contains { $0.date.days(to: file.latestDate!) > 365 }, "schemes that stopped publishing")
    }

    @Test("columns are found by the header's names, in any order, with extra columns")
    func reordered() throws {
        let text = """
            Date;Net Asset Value;Repurchase Price;Scheme Name;Scheme Code;ISIN Div Payout/ ISIN Growth\r
             \r
            Open Ended Schemes(Equity Scheme - Flexi Cap Fund)\r
            PPFAS Mutual Fund\r
            18-Aug-2026;90.4982;90.1;Parag Parikh Flexi Cap Fund - Direct Plan - Growth;122639;INF879O01027\r
            18-Aug-2026;N.A.;-;Some Closed Fund;100001;-\r
            """
        let file = try AMFINAVAll.parse(text)
        #expect(file.entries.count == 1 && file.skippedRows == 1)
        let entry = file.entries[0]
        #expect(entry.code == 122639 && entry.nav == Amount("90.4982")! && entry.isins == ["INF879O01027"])
        #expect(entry.category == "Equity Scheme - Flexi Cap Fund" && entry.fundHouse == "PPFAS Mutual Fund")
    }

    @Test("a header without the needed columns is refused naming them")
    func missingColumn() {
        let text = "Scheme Code;ISIN Div Payout/ ISIN Growth;Scheme Name;Date\r\n119551;INF209KA12Z1;X;25-Feb-2025\r\n"
        #expect(throws: AMFIFormatError.missingColumns(["Net Asset Value"])) { try AMFINAVAll.parse(text) }
        #expect(
            AMFIFormatError.missingColumns(["Net Asset Value", "Date"]).description
                == "its header lacks Net Asset Value, Date")
    }

    @Test("the portfolio's latest NAVs come from one AMFI request; a bad header falls back to the MF API, saying why")
    func valuation() async throws {
        let statement = FundsPortfolioValuationTests.statement()
        let navAll = """
            Scheme Code;ISIN Div Payout/ ISIN Growth;ISIN Div Reinvestment;Scheme Name;Net Asset Value;Date\r
            Open Ended Schemes(Equity Scheme - Flexi Cap Fund)\r
            Alpha Mutual Fund\r
            900001;INF000000A01;-;Fund A - Direct Plan - Growth;13;02-Jan-2024\r
            Open Ended Schemes(Equity Scheme - Large & Mid Cap Fund)\r
            Aditya Birla Sun Life Mutual Fund\r
            100033;INF209K01165;-;Aditya Birla Sun Life Large & Mid Cap Fund - Regular Plan - Growth;25;02-Jan-2024\r
            """
        var answers = try FundsPortfolioValuationTests.answers()
        answers["/spages/NAVAll.txt"] = Data(navAll.utf8)
        let app = PortfolioApp(answers: answers)
        _ = try await app.service.importStatement(statement)
        let report = try await app.service.valuePortfolio()
        #expect(report.warnings.isEmpty)
        #expect(report.holdings.allSatisfy { $0.source == "amfi" && $0.navDate == "2024-01-02" })
        #expect(report.value == Amount(50 * 13 + 50 * 25))
        #expect(app.http.requests.map(\.url.path) == ["/spages/NAVAll.txt"], "one request: no history, no list")

        answers["/spages/NAVAll.txt"] = Data("Scheme Code;Scheme Name;Date\r\n".utf8)
        let fallback = PortfolioApp(answers: answers)
        _ = try await fallback.service.importStatement(statement)
        let second = try await fallback.service.valuePortfolio()
        #expect(
            second.warnings == [
                "AMFI's NAV file cannot be read — its header lacks Net Asset Value; the NAVs come from the MF API instead"
            ])
        #expect(second.holdings.allSatisfy { $0.source == "mfapi" } && second.value == Amount(1800))
    }
}
