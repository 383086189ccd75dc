import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Testing

@testable import MutualFundsCommands

@Suite("folio funds portfolio, in process")
struct PortfolioCommandTests {
    @Test("add buys at the NAV of the date (units to 3 decimals); sell more than held is refused; remove by id")
    func addSellRemove() async throws {
        let harness = Harness()
        let added =
            try await harness.json(["portfolio", "add", "122639", "--amount", "5000", "--date", "2024-01-10"])
            as! [String: Any]
        let nav = Decimal(string: "\(added["nav"]!)")!
        let units = Decimal(string: "\(added["units"]!)")!
        #expect(added["folio"] as? String == "manual" && added["type"] as? String == "PURCHASE")
        #expect(added["date"] as? String == "2024-01-10")
        // units = 5000 / NAV rounded to 3 decimals.
        #expect(abs(units * nav - 5000) <= nav * Decimal(string: "0.0005")!)
        let refused = await folioError {
            try await harness.run(["portfolio", "sell", "122639", "--units", "1000", "--date", "2024-02-01"])
        }
        #expect(refused?.kind == .refused && refused?.why == "folio manual holds \(units) units on 2024-02-01")
        let sold =
            try await harness.json(["portfolio", "sell", "122639", "--units", "10", "--date", "2024-02-01"])
            as! [String: Any]
        #expect("\(sold["units"]!)" == "-10" && sold["type"] as? String == "REDEMPTION")
        let rows = try await harness.json(["portfolio", "transactions"]) as! [[String: Any]]
        #expect(rows.count == 2)
        let removed = try await harness.run(["portfolio", "remove", rows[1]["id"] as! String]).output
        #expect(removed.contains("Removed the REDEMPTION of 2024-02-01"))
        let missing = await folioError { try await harness.run(["portfolio", "remove", "0000000000"]) }
        #expect(missing?.kind == .notFound && missing?.hint?.contains("folio funds portfolio transactions") == true)
    }

    @Test("add refuses both or neither of amount and units; --fy and --treat-as are checked")
    func refusals() async throws {
        let harness = Harness()
        let both = await folioError {
            try await harness.run([
                "portfolio", "add", "122639", "--amount", "5000", "--units", "3", "--date", "2024-01-10",
            ])
        }
        #expect(both?.kind == .invalid && both?.what == "give either an amount or units")
        let year = await folioError { try await harness.run(["portfolio", "gains", "--fy", "2024-26"]) }
        #expect(year?.kind == .usage && year?.what == "invalid --fy \"2024-26\"")
        let treat = await folioError { try await harness.run(["portfolio", "gains", "--treat-as", "122639=gold"]) }
        #expect(treat?.kind == .usage)
        let unknown = await folioError { try await harness.run(["portfolio", "gains", "--treat-as", "122639=debt"]) }
        #expect(unknown?.kind == .invalid && unknown?.field == "treatAs")
    }

    @Test("the portfolio values a manual purchase at the latest NAV")
    func valueManual() async throws {
        let harness = Harness()
        try await harness.run(["portfolio", "add", "122639", "--units", "100", "--nav", "50", "--date", "2020-01-01"])
        let report = try await harness.json(["portfolio"]) as! [String: Any]
        let holding = (report["holdings"] as! [[String: Any]])[0]
        #expect("\(holding["invested"]!)" == "5000" && holding["code"] as? Int == 122639)
        #expect("\(holding["nav"]!)" == "90.5289" && "\(holding["value"]!)" == "9052.89")
        #expect(holding["xirr"] is Double)
        let table = try await harness.run(["portfolio"]).output
        #expect(table.contains("Total") && table.contains("By fund house"))
    }

    @Test("import reports in CSV too; add prints its transaction as a CSV row")
    func csvForms() async throws {
        let harness = Harness()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cas-\(UUID().uuidString).json")
        try Data(
            #"{"cas_type":"DETAILED","folios":[{"folio":"1","amc":"A","schemes":[{"scheme":"S","isin":"INF000000001","amfi":"122639","open":"0","close":"5","transactions":[{"date":"2024-01-02","description":"p","amount":"500","units":"5","nav":"100","balance":"5","type":"PURCHASE"}]}]}]}"#
                .utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let imported = try await harness.run(["portfolio", "import", file.path, "--format", "csv"]).output
        #expect(
            imported.split(whereSeparator: \.isNewline) == [
                "added,alreadyHeld,schemes,newSchemes,unreconciled", "1,0,1,1,",
            ])
        let added = try await harness.run(
            ["portfolio", "add", "122639", "--units", "2", "--nav", "100", "--date", "2024-02-01", "--format", "csv"]
        ).output
        let lines = added.split(whereSeparator: \.isNewline)
        #expect(lines.count == 2 && lines[0].hasPrefix("id,folio,scheme") && lines[1].contains(",manual,"))
    }
}
