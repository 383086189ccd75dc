import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Testing

@testable import NetWorthCommands

@Suite struct ReportChartRateTests {
    @Test func monthlyCSVHasTotalsAndAColumnPerAccount() async throws {
        let harness = try await seeded()
        let csv = try await harness.output(["report", "--monthly", "--format", "csv"])
        // 05-31: Savings 1200, Mortgage 150000 → 1200 − 150000 = −148800
        // 06-30: −128149.50 (see the summary tests); change +20650.50 = 20650.5 / 148800 = 0.138780
        #expect(
            csv == """
                period,date,currency,assets,debts,netWorth,change,changePercent,Savings,Pension,Mortgage,Card\r
                2024-05,2024-05-31,GBP,1200,150000,-148800,,,1200,,150000,\r
                2024-06,2024-06-30,GBP,21350.5,149500,-128149.5,20650.5,0.13878,1350.5,20000,149200,300\r

                """)
        let json = try #require(try await harness.json(["report", "--exclude-pension"]) as? [[String: Any]])
        #expect(json.count == 2)
        #expect(
            Set(json[0].keys) == [
                "period", "date", "currency", "assets", "debts", "netWorth", "change", "changePercent", "Savings",
                "Mortgage", "Card",
            ])
        #expect(json[0]["Card"] is NSNull)
        #expect(json[0]["change"] is NSNull)
    }

    @Test func monthlyTableAndRanges() async throws {
        let harness = try await seeded()
        let table = try await harness.output(["report", "--from", "2024-06", "--to", "2024-06-25"])
        #expect(table.contains("2024-06  2024-06-25"))
        #expect(!table.contains("2024-05"))
        // 06-25: Savings 1200 + Pension 20000 = 21200; debts 149500 → −128300
        #expect(table.contains("-£128,300.00"))
        let details = try await harness.output(["report", "--details"])
        #expect(details.contains("Savings") && details.contains("£1,350.50"))
        let yearly = try await harness.output(["report", "--yearly", "--format", "csv"])
        #expect(yearly.contains("\r\n2024,2024-06-30,GBP,21350.5,149500,-128149.5,,,"))
        let reversed = await harness.failure(["report", "--from", "2024-07-01", "--to", "2024-06-01"])
        #expect(reversed?.kind == .usage)
        let bad = await harness.failure(["report", "--from", "2024-6"])
        #expect(bad?.what == "--from \"2024-6\" is not a date")
        // A month that does not exist: the hint names both accepted forms.
        let month = await harness.failure(["report", "--from", "2026-13"])
        #expect(month?.kind == .usage)
        #expect(month?.why == "that month does not exist")
        #expect(month?.hint == "for example --from 2024-03 (a whole month) or --from 2024-03-31")
        #expect(bad?.hint?.contains("2024-03 (a whole month)") == true)
        #expect(await harness.failure(["report", "--monthly", "--yearly"]) != nil)
    }

    @Test func ratesConvertForeignAccountsAtEachDate() async throws {
        let harness = Harness()
        try await harness.run([
            "accounts", "add", "--name", "Wise", "--type", "foreign-currency", "--currency", "USD", "--balance", "1000",
            "--date", "2024-04-30",
        ])
        try await harness.run(["update", "wise", "1200", "--date", "2024-05-31"])
        // No rate yet: the summary values what it can and names the missing currency rather than assume 1.
        let missing = try await harness.run(["summary"])
        #expect(missing.errors.contains("warning: \"Wise\" is left out of the totals: missing USD exchange rate"))
        #expect(missing.errors.contains("rate set USD RATE --date 2024-06-30"))
        #expect(
            try await harness.output(["rate", "set", "usd", "0.8", "--date", "2024-04-01"])
                == "Set 1 USD = 0.8 GBP from 2024-04-01.\n")
        #expect(
            try await harness.output(["rate", "set", "USD", "0.75", "--date", "2024-05-15"])
                == "Set 1 USD = 0.75 GBP from 2024-05-15.\n")
        #expect(
            try await harness.output(["rate", "set", "USD", "0.76", "--date", "2024-05-15"])
                == "Set 1 USD = 0.76 GBP from 2024-05-15 (was 0.75).\n")
        // 04-30: $1000 × 0.80 = £800; 05-31: $1200 × 0.76 = £912
        let csv = try await harness.output(["report", "--format", "csv"])
        #expect(csv.contains("2024-04,2024-04-30,GBP,800,0,800,,,800\r\n"))
        #expect(csv.contains("2024-05,2024-05-31,GBP,912,0,912,112,0.14,912\r\n"))
        let list = try await harness.output(["rate", "list"])
        #expect(list.contains("USD       2024-04-01   0.8 GBP\nUSD       2024-05-15  0.76 GBP"))
        let bad = [
            (["rate", "set", "USD", "abc"], FolioError.Kind.refused, "rate \"abc\" is not an amount"),
            (["rate", "set", "USD", "0"], .refused, "cannot set a USD rate of 0"),
            (["rate", "set", "GBP", "1"], .refused, "cannot set a rate for GBP"),
            (["rate", "set", "QQQ", "1"], .refused, "unknown currency QQQ"),
            (["rate", "set", "USD", "1", "--date", "2024-02-31"], .usage, "--date \"2024-02-31\" is not a date"),
            (["rate", "remove", "USD", "--date", "2024-01-01"], .refused, "there is no USD rate dated 2024-01-01"),
        ]
        for (arguments, kind, what) in bad {
            let before = try await harness.snapshot()
            let error = await harness.failure(arguments)
            #expect(error?.kind == kind, "\(arguments)")
            #expect(error?.what == what)
            #expect(try await harness.snapshot() == before)
        }
        // A rate is never negative, so its example must not suggest one; a balance's may.
        let rateText = await harness.failure(["rate", "set", "USD", "abc"])
        #expect(rateText?.why?.contains("-250") == false)
        #expect(rateText?.why?.hasPrefix("expected a number such as 0.79") == true)
        #expect(await harness.failure(["update", "Wise", "abc"])?.why?.contains("-250") == true)
        #expect(
            try await harness.output(["rate", "remove", "usd", "--date", "2024-04-01"]).hasPrefix(
                "Removed the USD rate of 2024-04-01"))
        let early = await harness.failure(["report"])
        #expect(early?.why?.contains("2024-04-30") == true)
    }

    @Test func chartScalesToTheDataAndLabelsYears() async throws {
        let harness = Harness()
        try await harness.run([
            "accounts", "add", "--name", "ISA", "--type", "isa", "--balance", "1000", "--date", "2023-01-31",
        ])
        try await harness.run(["update", "isa", "2000", "--date", "2024-06-30"])
        let chart = try await harness.output(["chart", "isa"])
        #expect(chart.hasPrefix("ISA (GBP)\n"))
        // y axis: 1000…2000 padded by 10% of the span → 900…2100, not from zero; the labels sit in the middle
        // of the top and bottom rows of 14: 900 + (1 − 0.5/14) × 1200 = 2057, 900 + 0.5/14 × 1200 = 943
        #expect(chart.contains("£2,057 ┤"))
        #expect(chart.contains("  £943 ┤"))
        #expect(!chart.contains("£0 "))
        #expect(chart.contains("Jan 2023"))
        #expect(chart.contains("Jun 2024"))
        try await withTemporaryDirectory(prefix: "networth") { directory in
            let file = directory.appendingPathComponent("isa.svg").path
            #expect(
                try await harness.output(["chart", "ISA", "--svg", file])
                    == "Wrote the chart of ISA (GBP) to \(file).\n")
            let svg = try String(contentsOfFile: file, encoding: .utf8)
            #expect(svg.hasPrefix("<svg"))
            #expect(svg.contains(">£2,100<") && svg.contains(">£900<"))
            #expect(svg.contains(">Jan 2023<"))
        }
        let netWorth = try await harness.output(["chart", "--breakdown"])
        #expect(netWorth.hasPrefix("Net worth (GBP; pensions included · mortgages included)"))
        #expect(netWorth.contains("━ Assets"))
        #expect(await harness.failure(["chart", "nope"])?.what == "no account named \"nope\"")
        #expect(await harness.failure(["chart", "--height", "1"]) != nil)
        #expect(try await harness.output(["chart", "isa", "--from", "2030-01-01"]).hasPrefix("Nothing to chart"))
    }

    @Test func importRecordsAFile() async throws {
        let harness = try await seeded()
        try await withTemporaryDirectory(prefix: "networth") { directory in
            let file = directory.appendingPathComponent("balances.csv")
            try "account,date,amount,type\nSavings,2024-06-01,1250,\nBonds,2024-06-01,5000,investment\n".write(
                to: file, atomically: true, encoding: .utf8)
            #expect(
                try await harness.output(["import", file.path])
                    == "Imported 2 rows: 2 new, 0 replaced; created 1 account.\n")
            try "account,date,amount\nSavings,2024-06-02,x\n".write(to: file, atomically: true, encoding: .utf8)
            let before = try await harness.snapshot()
            let error = await harness.failure(["import", file.path])
            #expect(error?.kind == .dataError)
            #expect(error?.what == "\(file.path): line 2: \"x\" is not an amount")
            #expect(try await harness.snapshot() == before)
            // A missing input file: FeatureKit's rule, exit 66, the same as `etf analyze`.
            let missing = await harness.failure(["import", directory.appendingPathComponent("missing.csv").path])
            #expect(missing?.kind == .noInput)
            #expect(missing?.exitCode == 66)
            #expect(missing?.what.hasPrefix("cannot read ") == true)
            let piped = CapturedTerminal(input: ["account,date,amount", "card,2024-06-29,280"])
            try await harness.run(["import", "-"], terminal: piped)
            #expect(piped.output == "Imported 1 row: 1 new, 0 replaced.\n")
        }
    }

    @Test func settingsValidateTheBaseCurrency() async throws {
        let harness = try await seeded()
        let error = await harness.failure(["settings", "--base-currency", "pounds"])
        #expect(error?.kind == .usage)
        let terminal = try await harness.run(["settings", "--base-currency", "eur", "--format", "json"])
        #expect(terminal.output.contains("\"baseCurrency\" : \"EUR\""))
        // Every GBP account now needs a GBP→EUR rate.
        #expect(terminal.errors.contains("warning: no rates into EUR for GBP"))
        #expect(try await harness.run(["summary"]).errors.contains("missing GBP exchange rate"))
    }
}
