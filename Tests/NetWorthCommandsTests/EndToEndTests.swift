import FeatureKitTesting
import Foundation
import Money
import Testing

/// The real `folio` binary with a temporary FOLIO_HOME (SQLite), as a user runs it.
@Suite struct EndToEndTests {
    @Test func sampleThenSummary() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let sample = try await FolioBinary.run(["networth", "sample"], home: home)
            #expect(sample.exitCode == 0)
            #expect(sample.stdout.hasPrefix("Loaded 10 sample accounts"))
            let summary = try await FolioBinary.run(["networth", "summary"], home: home)
            #expect(summary.exitCode == 0, "\(summary.stderr)")
            #expect(summary.stdout.hasPrefix("Net worth "))
            #expect(summary.stdout.contains("Change since last update ("))
            for name in [
                "Everyday Current", "Stocks & Shares ISA", "Workplace Pension", "US Dollar Account", "Home Mortgage",
                "Car Loan",
            ] {
                #expect(summary.stdout.contains(name), "\(name) missing from the summary")
            }
            #expect(summary.stdout.contains("paid down"))
            #expect(summary.stderr.isEmpty)
            let again = try await FolioBinary.run(["networth", "sample"], home: home)
            #expect(again.exitCode == 1)
            #expect(again.stderr.hasPrefix("error: not loading the sample data — there are already 10 accounts"))
            #expect(again.stderr.contains("hint: pass --force"))
            let report = try await FolioBinary.run(["networth", "report", "--monthly", "--format", "csv"], home: home)
            #expect(report.exitCode == 0)
            #expect(report.stdout.hasPrefix("period,date,currency,assets,debts,netWorth,change,changePercent,"))
            // How many months the sample spans depends on the day it ends on, today here: the count is checked on a
            // pinned clock in SummaryCommandTests. Here every month from the first row's to today's is there once.
            let months = report.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
                .map { String($0.prefix(7)) }
            #expect(months.count > 60 && Set(months).count == months.count, "\(months)")
        }
    }

    @Test func accountLifecycleThroughTheCLI() async throws {
        try await FolioBinary.withTemporaryHome { home in
            func folio(_ arguments: String...) async throws -> FolioBinary.Result {
                try await FolioBinary.run(["networth"] + arguments, home: home)
            }
            #expect(
                try await folio(
                    "accounts", "add", "--name", "Current", "--type", "current", "--balance", "100", "--date",
                    "2024-01-31"
                ).exitCode == 0)
            let overdrawn = try await folio("update", "current", "-250", "--date", "2024-02-29")
            #expect(overdrawn.exitCode == 0)
            #expect(overdrawn.stdout.contains("Recorded -£250.00 for \"Current\" on 2024-02-29."))
            let history = try await folio("history", "Current", "--format", "csv")
            #expect(
                history.stdout
                    == "date,balance,change,changePercent,trend,note\r\n2024-01-31,100,,,,\r\n2024-02-29,-250,-350,-3.5,negative,\r\n"
            )

            let bad = try await folio("update", "Current", "ten")
            #expect(bad.exitCode == 1)
            #expect(bad.stderr.hasPrefix("error: amount \"ten\" is not an amount — expected a number"))
            let unknown = try await folio("update", "Savings", "10")
            #expect(unknown.exitCode == 1)
            #expect(unknown.stderr.hasPrefix("error: no account named \"Savings\""))
            let duplicate = try await folio("accounts", "add", "--name", "CURRENT", "--type", "savings")
            #expect(duplicate.exitCode == 1)
            let badDate = try await folio("update", "Current", "5", "--date", "2024-02-30")
            #expect(badDate.exitCode == 64)
            #expect(badDate.stderr.contains("that day does not exist"))

            // Standard input is a pipe, not a terminal: removal needs --yes.
            let refused = try await folio("accounts", "remove", "current")
            #expect(refused.exitCode == 1)
            #expect(refused.stderr.contains("not removing \"Current\" without confirmation"))
            #expect(try await folio("accounts", "list", "--format", "csv").stdout.contains("Current,current"))
            let removed = try await folio("accounts", "remove", "current", "--yes")
            #expect(removed.stdout == "Removed \"Current\" and its 2 balance updates.\n")
            #expect(
                try await folio("accounts", "list", "--format", "json").stdout.trimmingCharacters(
                    in: .whitespacesAndNewlines
                ).hasPrefix("["))
            #expect(try await folio("history", "current").exitCode == 1)
        }
    }

    @Test func ratesFilesAndCharts() async throws {
        try await FolioBinary.withTemporaryHome { home in
            func folio(_ arguments: String...) async throws -> FolioBinary.Result {
                try await FolioBinary.run(["networth"] + arguments, home: home)
            }
            _ = try await folio(
                "accounts", "add", "--name", "Wise", "--type", "foreign-currency", "--currency", "USD", "--balance",
                "1000",
                "--date", "2024-01-31")
            let missing = try await folio("summary")
            #expect(missing.exitCode == 0)
            #expect(
                missing.stderr.hasPrefix(
                    "warning: \"Wise\" is left out of the totals: missing USD exchange rate — no USD→GBP rate is in force on "
                ))
            #expect(try await folio("rate", "set", "USD", "0.79", "--date", "2024-01-01").exitCode == 0)
            let summary = try await folio("summary", "--format", "json")
            #expect(summary.stdout.contains("\"netWorth\" : 790"))
            let csvPath = home.appendingPathComponent("report.csv").path
            #expect(
                try await folio(
                    "report", "--monthly", "--from", "2024-01", "--to", "2024-02", "--format", "csv", "--output",
                    csvPath
                ).stdout.isEmpty)
            #expect(
                try String(contentsOfFile: csvPath, encoding: .utf8)
                    == "period,date,currency,assets,debts,netWorth,change,changePercent,Wise\r\n2024-01,2024-01-31,GBP,790,0,790,,,790\r\n2024-02,2024-02-29,GBP,790,0,790,0,0,790\r\n"
            )
            let svgPath = home.appendingPathComponent("chart.svg").path
            let chart = try await folio("chart", "--svg", svgPath)
            #expect(chart.exitCode == 0)
            #expect(try String(contentsOfFile: svgPath, encoding: .utf8).hasPrefix("<svg"))
            let help = try await FolioBinary.run(["networth", "summary", "--help"], home: home)
            #expect(help.exitCode == 0)
            #expect(help.stdout.contains("net worth = Σ counted assets − Σ counted debts"))
            #expect(help.stdout.contains("--exclude-pension"))
        }
    }
}
