import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

/// `folio funds portfolio` as a user runs it: import (refused, then allowed), value, gains, re-import.
@Suite struct MutualFundsPortfolioEndToEndTests {
    /// Issue 40: a casparser CSV row wider than its header (an amount written with a thousands comma, unquoted) is
    /// refused with its line, and nothing is stored.
    @Test func aCSVStatementRowWiderThanItsHeaderIsRefusedWithItsLine() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("cas.csv")
            try Data(
                """
                amc,folio,scheme,isin,amfi,date,description,amount,units,nav,balance,type
                Axis,910,Axis Bluechip,INF846K01DP8,120465,2021-01-04,Purchase,5,000.00,112.345,44.5060,112.345,PURCHASE

                """.utf8
            ).write(to: file)
            let refused = try await FolioBinary.run(["funds", "portfolio", "import", file.path], home: home)
            #expect(refused.exitCode == 65, "\(refused.stderr)")
            #expect(
                refused.stderr.contains("line 2: the row has 13 fields where the header has 12"), "\(refused.stderr)")
            let empty = try await FolioBinary.run(
                ["funds", "portfolio", "transactions", "--format", "json"], home: home)
            #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true)
        }
    }

    @Test func importValueGainsReimport() async throws {
        let statement = Fixtures.url("cas/hilla-folioman_upload-03_icici_nn50.json").path
        try await FolioBinary.withTemporaryHome { home in
            let refused = try await FolioBinary.run(["funds", "portfolio", "import", statement], home: home)
            #expect(refused.exitCode == 65)
            #expect(refused.stderr.contains("the statement does not reconcile; nothing was imported"))
            #expect(refused.stderr.contains("folio 15936342 / 43, ICICI Prudential Nifty Next 50"))
            #expect(refused.stderr.contains("--allow-mismatch"))
            let empty = try await FolioBinary.run(
                ["funds", "portfolio", "transactions", "--format", "json"], home: home)
            #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true)

            let imported = try await FolioBinary.run(
                ["funds", "portfolio", "import", statement, "--allow-mismatch"], home: home)
            #expect(imported.exitCode == 0)
            #expect(
                imported.stdout.contains(
                    "Imported 6 new transactions (0 already held) in 2 schemes; 2 marked unreconciled."))
            #expect(imported.stderr.contains("unreconciled: folio 91095687154 / 0, Axis ELSS"))

            let valued = try await FolioBinary.run(["--offline", "funds", "portfolio", "--format", "json"], home: home)
            #expect(valued.exitCode == 0)
            let report = try JSONSerialization.jsonObject(with: Data(valued.stdout.utf8)) as! [String: Any]
            let holdings = report["holdings"] as! [[String: Any]]
            #expect(holdings.count == 2)
            #expect(holdings.allSatisfy { $0["reconciled"] as? Bool == false })

            let gains = try await FolioBinary.run(
                ["--offline", "funds", "portfolio", "gains", "--fy", "2022-23", "--format", "csv"], home: home)
            #expect(gains.exitCode == 0)
            let lines = gains.stdout.split(whereSeparator: \.isNewline)
            #expect(lines.count == 3)
            #expect(lines[1].contains("2022-23") && lines[1].contains("15.965") && lines[1].contains("2824.61"))
            #expect(lines[2].contains("12.296") && lines[2].contains("1954.98") && lines[2].contains("2175.47"))

            let again = try await FolioBinary.run(
                ["funds", "portfolio", "import", statement, "--allow-mismatch"], home: home)
            #expect(again.stdout.contains("Imported 0 new transactions (6 already held)"))

            let stdin = try await FolioBinary.run(
                ["funds", "portfolio", "import", "-", "--allow-mismatch", "--format", "json"], home: home,
                input: try String(contentsOfFile: statement, encoding: .utf8))
            #expect(stdin.exitCode == 0 && stdin.stdout.contains("\"alreadyHeld\" : 6"))
        }
    }
}
