import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import MutualFunds
import MutualFundsPortfolio
import Networking
import NetworkingTesting
import Persistence
import Testing
import TimingTesting

@testable import MutualFundsCommands

@Suite("folio funds portfolio tax, and the defects of issue 39")
struct TaxCommandTests {
    /// A harness holding the shared statement (its ICICI scheme sells 28.261 units in FY 2022-23).
    static func harness() async throws -> Harness {
        let harness = Harness()
        try await harness.importStatement(
            try Fixtures.data("cas/hilla-folioman_upload-03_icici_nn50.json"), ["--allow-mismatch"])
        return harness
    }

    @Test("--schedule 112a --format csv writes the form's header and a row per scheme; JSON has every part")
    func schedule() async throws {
        let harness = try await Self.harness()
        let csv = try await harness.run(
            ["portfolio", "tax", "--fy", "2022-23", "--schedule", "112a", "--format", "csv"]).output
        let lines = csv.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first == Schedule112ARow.header(financialYear: "2022-23").joined(separator: ","))
        #expect(lines.count == 2 && lines[1].hasPrefix("AE,INF109K01Y80,") && lines[1].hasSuffix(",2455,2545"))
        let report = try await harness.json(["portfolio", "tax", "--fy", "2022-23"]) as! [String: Any]
        #expect(report["financialYear"] as? String == "2022-23")
        let taxLines = report["lines"] as! [[String: Any]]
        #expect(taxLines.count == 1 && taxLines[0]["section"] as? String == "112A")
        #expect("\(report["exemptionUsed"]!)" == "2545.1" && "\(report["tax"]!)" == "0")
        let table = try await harness.run(["portfolio", "tax", "--fy", "2022-23"]).output
        #expect(table.contains("Schedule 112A") && table.contains("before surcharge and cess"))
    }

    /// Parag Parikh (equity) and a debt fund, each bought in 2016 and sold in June 2024.
    static let grandfatheredStatement = """
        {"cas_type":"DETAILED","folios":[{"folio":"5 / 1","amc":"A","schemes":[
        {"scheme":"Parag Parikh Flexi Cap Fund - Direct Plan - Growth","isin":"INF879O01027","amfi":"122639","type":"EQUITY","open":"0","close":"0","transactions":[
         {"date":"2016-05-10","description":"p","amount":"20000","units":"1000","nav":"20","balance":"1000","type":"PURCHASE"},
         {"date":"2024-06-10","description":"r","amount":"-60000","units":"-1000","nav":"60","balance":"0","type":"REDEMPTION"}]},
        {"scheme":"Some Corporate Bond Fund - Direct Plan - Growth","isin":"INF000000001","amfi":"119598","type":"DEBT","open":"0","close":"0","transactions":[
         {"date":"2016-05-10","description":"p","amount":"10000","units":"1000","nav":"10","balance":"1000","type":"PURCHASE"},
         {"date":"2024-06-10","description":"r","amount":"-20000","units":"-1000","nav":"20","balance":"0","type":"REDEMPTION"}]}
        ]}]}
        """

    @Test(
        "without the NAV of 31-Jan-2018 a grandfathered lot is taken at cost and said so; the 112A CSV waits for --fmv"
    )
    func unknownFairValue() async throws {
        let harness = Harness()
        try await harness.importStatement(Data(Self.grandfatheredStatement.utf8))
        let csv = ["portfolio", "tax", "--fy", "2024-25", "--schedule", "112a", "--format", "csv"]
        harness.set(.mfapiFailing(status: 500))

        let table = try await harness.run(["portfolio", "tax", "--fy", "2024-25"])
        #expect(
            table.errors.contains(
                "Parag Parikh Flexi Cap Fund - Direct Plan - Growth: the NAV of 31-Jan-2018 is not known"))
        #expect(!table.errors.contains("Some Corporate Bond Fund"), "a debt fund is not grandfathered")
        #expect(table.output.contains("unknown") && table.output.contains("not grandfathered (s. 55(2)(ac))"))
        let report = try await harness.json(["portfolio", "tax", "--fy", "2024-25"]) as! [String: Any]
        let row = try #require((report["schedule112A"] as? [[String: Any]])?.first)
        #expect(row["fmvPerUnit"] is NSNull && "\(row["balance"]!)" == "40000")

        let refused = await folioError { try await harness.run(csv) }
        #expect(refused?.kind == .unavailable && refused?.kind.exitCode == 69)
        #expect(refused?.hint?.contains("--fmv CODE=NAV") == true)

        // The NAV the history has (24.6526), given by hand, files the same row as the history does.
        let given = try await harness.run(csv + ["--fmv", "122639=24.6526"])
        #expect(!given.errors.contains("Parag Parikh"))
        harness.set(.replay)
        let read = try await harness.run(csv)
        #expect(given.output == read.output && read.output.contains(",24.6526,24653,"))
        let malformed = await folioError { try await harness.run(csv + ["--fmv", "122639"]) }
        #expect(malformed?.kind == .usage)
        let stranger = await folioError { try await harness.run(csv + ["--fmv", "999999=10"]) }
        #expect(stranger?.kind == .invalid && stranger?.field == "fmv")
    }

    @Test("the year's dividends and TDS per scheme, with totals; a year of dividends and no sales still lists them")
    func dividendsAndTDS() async throws {
        let harness = Harness()
        let statement = """
            {"cas_type":"DETAILED","folios":[{"folio":"7 / 2","amc":"A","schemes":[
            {"scheme":"Parag Parikh Flexi Cap Fund - Direct Plan - IDCW","isin":"INF879O01035","amfi":"122639","type":"EQUITY","open":"0","close":"110","transactions":[
             {"date":"2023-05-02","description":"p","amount":"1000","units":"100","nav":"10","balance":"100","type":"PURCHASE"},
             {"date":"2024-03-28","description":"IDCW paid","amount":"50","units":null,"nav":null,"balance":null,"type":"DIVIDEND_PAYOUT"},
             {"date":"2024-06-10","description":"IDCW reinvested","amount":"90","units":"10","nav":"9","balance":"110","type":"DIVIDEND_REINVEST"},
             {"date":"2024-06-10","description":"TDS","amount":"10","units":null,"nav":null,"balance":null,"type":"TDS_TAX"},
             {"date":"2025-03-03","description":"IDCW paid","amount":"120","units":null,"nav":null,"balance":null,"type":"DIVIDEND_PAYOUT"}]}
            ]}]}
            """
        try await harness.importStatement(Data(statement.utf8))
        let report = try await harness.json(["portfolio", "tax", "--fy", "2024-25"]) as! [String: Any]
        let rows = try #require(report["dividends"] as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["folio"] as? String == "7 / 2")
        #expect(
            "\(rows[0]["paidOut"]!)" == "120" && "\(rows[0]["reinvested"]!)" == "90" && "\(rows[0]["tds"]!)" == "10")
        #expect((report["notes"] as? [String])?.contains { $0.contains("s. 194K") } == true)
        let table = try await harness.run(["portfolio", "tax", "--fy", "2024-25"]).output
        #expect(table.hasPrefix("No sales in 2024-25.") && table.contains("Dividends and TDS (other sources)"))
        #expect(table.contains("₹120.00") && table.contains("₹90.00") && table.contains("₹10.00"))
        let earlier = try await harness.json(["portfolio", "tax", "--fy", "2023-24"]) as! [String: Any]
        #expect("\((earlier["dividends"] as? [[String: Any]])?.first?["paidOut"] ?? "")" == "50")
        let none = try await harness.json(["portfolio", "tax", "--fy", "2022-23"]) as! [String: Any]
        #expect((none["dividends"] as? [Any])?.isEmpty == true)
    }

    @Test("a year without sales says so, in gains and tax")
    func noSales() async throws {
        let harness = try await Self.harness()
        #expect(try await harness.run(["portfolio", "gains", "--fy", "2030-31"]).output == "No sales in 2030-31.\n")
        #expect(try await harness.run(["portfolio", "tax", "--fy", "2030"]).output == "No sales in 2030-31.\n")
    }

    @Test("tax refuses a malformed --fy, --slab or --schedule (exit 64)")
    func refusals() async throws {
        let harness = Harness()
        let slab = await folioError { try await harness.run(["portfolio", "tax", "--fy", "2024-25", "--slab", "60%"]) }
        #expect(slab?.kind == .usage && slab?.field == "slab")
        let year = await folioError { try await harness.run(["portfolio", "tax", "--fy", "2024-26"]) }
        #expect(year?.kind == .usage && year?.field == "fy")
        let schedule = await folioError {
            try await harness.run(["portfolio", "tax", "--fy", "2024-25", "--schedule", "112b"])
        }
        #expect(schedule?.kind == .usage)
    }

    @Test("add and sell refuse figures beyond sensible bounds (exit 1)")
    func bounds() async throws {
        let harness = Harness()
        for (option, value) in [("--amount", "10000000001"), ("--units", "1000000001")] {
            let refused = await folioError {
                try await harness.run(["portfolio", "add", "122639", option, value, "--date", "2024-01-10"])
            }
            #expect(
                refused?.kind == .invalid && refused?.kind.exitCode == 1
                    && refused?.field == String(option.dropFirst(2)))
        }
        let nav = await folioError {
            try await harness.run([
                "portfolio", "sell", "122639", "--units", "1", "--nav", "2000000", "--date", "2024-01-10",
            ])
        }
        #expect(nav?.kind == .invalid && nav?.field == "nav")
    }

    @Test(
        "add and sell refuse a future date, a date with no NAV within a week, and a sale not held on its day (exit 1)")
    func datesAndBackdatedSales() async throws {
        let harness = Harness()  // today is 2026-09-05; 122639's NAVs begin on 2013-05-28
        let future = await folioError {
            try await harness.run([
                "portfolio", "add", "122639", "--amount", "5000", "--nav", "20", "--date", "2026-09-06",
            ])
        }
        #expect(future?.kind == .invalid && future?.what == "2026-09-06 is in the future" && future?.field == "date")
        let early = await folioError {
            try await harness.run(["portfolio", "add", "122639", "--amount", "5000", "--date", "1990-01-01"])
        }
        #expect(early?.kind == .invalid && early?.why == "its first NAV is of 2013-05-28" && early?.field == "date")
        // A weekend is bridged by the next NAV, as a purchase is allotted.
        let weekend =
            try await harness.json(["portfolio", "add", "122639", "--amount", "5000", "--date", "2024-01-06"])
            as! [String: Any]
        #expect(weekend["date"] as? String == "2024-01-08")
        _ = try await harness.run(["portfolio", "sell", "122639", "--units", "20", "--date", "2024-03-01"])
        let before = await folioError {
            try await harness.run(["portfolio", "sell", "122639", "--units", "1", "--date", "2023-12-01"])
        }
        #expect(before?.kind == .refused && before?.why == "folio manual holds 0 units on 2023-12-01")
        // Held on its own day, but it would leave the later sale of 20 units 10 short.
        let coveredToday = try #require(Decimal(string: "\(weekend["units"]!)")) - 10
        let starving = await folioError {
            try await harness.run([
                "portfolio", "sell", "122639", "--units", "\(coveredToday)", "--date", "2024-02-01",
            ])
        }
        #expect(
            starving?.kind == .refused
                && starving?.why == "the sale of 2024-03-01 would then be 10 units short in folio manual")
        let rows = try await harness.json(["portfolio", "transactions"]) as! [[String: Any]]
        #expect(rows.count == 2, "nothing refused was stored")
    }

    @Test("folio's own store refusing passes through the funds service as the store's failure: exit 77")
    func storePermission() async throws {
        let service = FundsService(
            http: StubHTTPClient { request in HTTPResponse(status: 404, body: Data(), url: request.url) },
            store: InMemoryDatabase(now: { Harness.start }).store(namespace: "funds"),
            timing: .test(now: Harness.start),
            settings: FundsSettings(baseURL: URL(string: "http://mfapi.test")!))
        let error = await folioError {
            _ = try await service.mapped { () async throws -> Int in
                throw StorageFileError(path: "/home/me/.folio/folio.sqlite", problem: .permissionDenied)
            }
        }
        #expect(error?.kind == .noPermission && error?.kind.exitCode == 77)
    }
}
