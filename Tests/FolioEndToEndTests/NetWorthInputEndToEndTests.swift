import FeatureKitTesting
import Foundation
import Testing

/// Issue 25's net-worth input items, typed at the built `folio` as a user would: each refusal names its limit and
/// exits 1 (64 for text that is not a date), a refusal stores nothing, and a missing rate no longer hides the summary.
@Suite struct NetWorthInputEndToEndTests {
    /// A date `days` from the machine's local today, as `YYYY-MM-DD`.
    static func localDate(daysFromToday days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = calendar.date(byAdding: .day, value: days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test("#5 and #16: amounts over 10¹⁵, rates over 10⁶ and sub-penny amounts are refused; the summary still works")
    func amountLimits() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let add = try await FolioBinary.run(
                [
                    "networth", "accounts", "add", "--name", "Current", "--type", "current", "--balance", "100",
                    "--date", "2024-01-01",
                ], home: home)
            #expect(add.exitCode == 0, "\(add.stderr)")
            for amount in ["99999999999999999999999999", "-99999999999999999999999999", "1000000000000000.01"] {
                let result = try await FolioBinary.run(["networth", "update", "Current", amount], home: home)
                #expect(result.exitCode == 1, "\(amount)")
                #expect(
                    result.stderr.contains("is too large — a balance can be at most 1,000,000,000,000,000 (10¹⁵)"),
                    "\(result.stderr)")
            }
            let pence = try await FolioBinary.run(["networth", "update", "Current", "1.123456789"], home: home)
            #expect(pence.exitCode == 1)
            #expect(
                pence.stderr.contains("has too many decimals — GBP amounts have at most 2 decimals"), "\(pence.stderr)")
            let rate = try await FolioBinary.run(["networth", "rate", "set", "USD", "1000001"], home: home)
            #expect(rate.exitCode == 1)
            #expect(rate.stderr.contains("at most 1,000,000 (10⁶)"), "\(rate.stderr)")
            let summary = try await FolioBinary.run(["networth", "summary", "--format", "json"], home: home)
            #expect(summary.exitCode == 0, "\(summary.stderr)")
            #expect(summary.stdout.contains("\"netWorth\" : 100"))
        }
    }

    @Test("#6: an account without a rate is marked, the rest is summed, a warning names the rate, exit 0")
    func missingRate() async throws {
        try await FolioBinary.withTemporaryHome { home in
            for arguments in [
                ["networth", "accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000"],
                [
                    "networth", "accounts", "add", "--name", "Dollars", "--type", "savings", "--currency", "USD",
                    "--balance", "500",
                ],
            ] {
                #expect(try await FolioBinary.run(arguments, home: home).exitCode == 0)
            }
            let table = try await FolioBinary.run(["networth", "summary"], home: home)
            #expect(table.exitCode == 0, "\(table.stderr)")
            #expect(table.stderr.contains("warning: \"Dollars\" is left out of the totals: missing USD exchange rate"))
            #expect(table.stdout.contains("£1,000.00"))
            #expect(table.stdout.contains("no rate"))
            let json = try await FolioBinary.run(["networth", "summary", "--format", "json"], home: home)
            #expect(json.exitCode == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let dollars = try #require(
                (report["accounts"] as? [[String: Any]])?.first { $0["name"] as? String == "Dollars" })
            #expect(dollars["value"] is NSNull)
            #expect((dollars["unvaluedBecause"] as? String)?.hasPrefix("missing USD exchange rate") == true)
        }
    }

    @Test("#9: Café typed precomposed and with a combining accent is one name; the typed spelling is shown")
    func unicodeNames() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let combining = "Cafe\u{301}"
            let first = try await FolioBinary.run(
                ["networth", "accounts", "add", "--name", combining, "--type", "cash"], home: home)
            #expect(first.exitCode == 0)
            let second = try await FolioBinary.run(
                ["networth", "accounts", "add", "--name", "CAF\u{C9}", "--type", "cash"], home: home)
            #expect(second.exitCode == 1)
            #expect(second.stderr.contains("already exists"))
            let update = try await FolioBinary.run(["networth", "update", "caf\u{E9}", "12"], home: home)
            #expect(update.exitCode == 0, "\(update.stderr)")
            let list = try await FolioBinary.run(["networth", "accounts", "list", "--format", "json"], home: home)
            let accounts = try #require(
                try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(accounts.count == 1)
            #expect(
                (accounts.first?["name"] as? String).map { Array($0.unicodeScalars) } == Array(combining.unicodeScalars)
            )
            let help = try await FolioBinary.run(["networth", "accounts", "add", "--help"], home: home)
            #expect(help.stdout.contains("NFC"))
        }
    }

    @Test("#10: one date parser and wording; years outside 1900–9999, future and pre-opening dates need --force")
    func dates() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let add = try await FolioBinary.run(
                [
                    "networth", "accounts", "add", "--name", "Current", "--type", "current", "--balance", "100",
                    "--date", "2024-01-01",
                ], home: home)
            #expect(add.exitCode == 0)
            let slashes = try await FolioBinary.run(
                ["networth", "update", "Current", "5", "--date", "2026/01/05"], home: home)
            #expect(slashes.exitCode == 64)
            #expect(
                slashes.stderr.contains("--date \"2026/01/05\" is not a date — dates are written YYYY-MM-DD"),
                "\(slashes.stderr)")
            for date in ["0000-01-01", "1899-12-31"] {
                let result = try await FolioBinary.run(
                    ["networth", "update", "Current", "5", "--date", date], home: home)
                #expect(result.exitCode == 64, "\(date)")
                #expect(
                    result.stderr.contains("--date \"\(date)\" is not a date — years run from 1900 to 9999"),
                    "\(result.stderr)")
            }
            let early = try await FolioBinary.run(
                ["networth", "update", "Current", "5", "--date", "2023-12-31"], home: home)
            #expect(early.exitCode == 1)
            #expect(early.stderr.contains("opened with its balance of 2024-01-01"), "\(early.stderr)")
            let tomorrow = Self.localDate(daysFromToday: 2)
            let future = try await FolioBinary.run(
                ["networth", "update", "Current", "5", "--date", tomorrow], home: home)
            #expect(future.exitCode == 1)
            #expect(future.stderr.contains("in the future"), "\(future.stderr)")
            let history = try await FolioBinary.run(["networth", "history", "Current", "--format", "json"], home: home)
            for (date, amount) in [("2023-12-31", "6"), (tomorrow, "7")] {
                let forced = try await FolioBinary.run(
                    ["networth", "update", "Current", amount, "--date", date, "--force"], home: home)
                #expect(forced.exitCode == 0, "\(forced.stderr)")
                #expect(forced.stderr.hasPrefix("warning: recorded a balance dated \(date)"), "\(forced.stderr)")
            }
            let after = try await FolioBinary.run(["networth", "history", "Current", "--format", "json"], home: home)
            #expect(after.stdout != history.stdout)
        }
    }

    @Test("#22: a note over 1,000 characters is refused by its own limit, naming the note")
    func longNote() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let add = try await FolioBinary.run(
                ["networth", "accounts", "add", "--name", "Current", "--type", "current"], home: home)
            #expect(add.exitCode == 0)
            let long = try await FolioBinary.run(
                ["networth", "update", "Current", "5", "--note", String(repeating: "n", count: 1_001)], home: home)
            #expect(long.exitCode == 1)
            #expect(
                long.stderr.contains("the note is too long — 1001 characters; a note holds at most 1000"),
                "\(long.stderr)")
        }
    }
}
