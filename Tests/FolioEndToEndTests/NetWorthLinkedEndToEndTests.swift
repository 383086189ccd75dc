import FeatureKitTesting
import Foundation
import Testing

/// Net worth that follows other features' values, through the built `folio`: a linked paper account follows a
/// deposit and a buy, `sync` records a change once, a source that goes away shows the last recorded value with its
/// age, and bad sources are refused with nothing stored.
@Suite struct NetWorthLinkedEndToEndTests {
    static let paper = "stocks:portfolio/test@stockport.com"
    /// Prices stay the same between commands however slow the machine is.
    static let environment = ["FOLIO_QUOTES_TTL": "3600s"]

    static func run(_ arguments: [String], home: URL, input: String? = nil) async throws -> FolioBinary.Result {
        try await FolioBinary.run(arguments, home: home, environment: environment, input: input)
    }

    static func json(_ result: FolioBinary.Result) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// The summary's row for `name`.
    static func row(_ name: String, home: URL) async throws -> [String: Any] {
        let summary = try await run(["networth", "summary", "--format", "json"], home: home)
        #expect(summary.exitCode == 0, "\(summary.stderr)")
        let accounts = try #require(try json(summary)["accounts"] as? [[String: Any]])
        return try #require(accounts.first { $0["name"] as? String == name })
    }

    /// The paper account's total value as `stocks portfolio` prints it.
    static func stocksTotal(home: URL) async throws -> Decimal {
        let portfolio = try await run(["stocks", "portfolio", "--format", "json"], home: home)
        #expect(portfolio.exitCode == 0, "\(portfolio.stderr)")
        let totals = try #require(try json(portfolio)["totals"] as? [String: Any])
        return try #require((totals["totalValue"] as? NSNumber)?.decimalValue)
    }

    @Test("a linked paper account follows a deposit and a buy; sync records the value once, then nothing")
    func followsStocks() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let login = try await Self.run(
                ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], home: home,
                input: "Test@123\n")
            #expect(login.exitCode == 0, "\(login.stderr)")
            let add = try await Self.run(
                ["networth", "accounts", "add", "--name", "Paper", "--type", "investment", "--linked-to", Self.paper],
                home: home)
            #expect(add.exitCode == 0, "\(add.stderr)")
            #expect(add.stdout.contains("(investment, USD)"), "\(add.stdout)")
            let before = try await Self.row("Paper", home: home)
            #expect(before["sourceStatus"] as? String == "live")
            #expect(before["source"] as? String == Self.paper)
            #expect(before["sourceAsOf"] is String)
            #expect((before["balance"] as? NSNumber)?.decimalValue == (try await Self.stocksTotal(home: home)))

            #expect(try await Self.run(["stocks", "deposit", "1000"], home: home).exitCode == 0)
            let buy = try await Self.run(["stocks", "buy", "AAPL", "5"], home: home)
            #expect(buy.exitCode == 0, "\(buy.stderr)")
            let total = try await Self.stocksTotal(home: home)
            let after = try await Self.row("Paper", home: home)
            #expect((after["balance"] as? NSNumber)?.decimalValue == total)
            #expect((before["balance"] as? NSNumber)?.decimalValue != total)
            // Reading writes nothing: a second summary prints the same bytes.
            let first = try await Self.run(["networth", "summary", "--format", "json"], home: home)
            let second = try await Self.run(["networth", "summary", "--format", "json"], home: home)
            #expect(first.stdout == second.stdout)
            #expect(
                try await Self.run(["networth", "history", "Paper", "--format", "json"], home: home).stdout
                    .contains("\(total)") == false)

            let sync = try await Self.run(["networth", "sync", "--format", "json"], home: home)
            #expect(sync.exitCode == 0, "\(sync.stderr)")
            #expect(try Self.json(sync)["recorded"] as? Int == 1)
            let again = try await Self.run(["networth", "sync"], home: home)
            #expect(again.exitCode == 0)
            #expect(again.stdout.contains("0 balances recorded"), "\(again.stdout)")
            #expect(again.stdout.contains("unchanged"))
            let history = try await Self.run(["networth", "history", "Paper", "--format", "json"], home: home)
            #expect(history.stdout.contains("\(total)"), "\(history.stdout)")
        }
    }

    @Test(
        "a source that goes away (its feature disabled, its saved portfolio deleted) shows the last value with its age")
    func downShowsLastValue() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv")
            #expect(try await Self.run(["etf", "save", "core", examples.path], home: home).exitCode == 0)
            for arguments in [
                [
                    "networth", "accounts", "add", "--name", "ETFs", "--type", "investment", "--linked-to",
                    "etf:saved/core",
                ],
                ["networth", "accounts", "add", "--name", "Paper", "--type", "investment", "--linked-to", Self.paper],
                ["networth", "sync"],
            ] {
                let result = try await Self.run(arguments, home: home)
                #expect(result.exitCode == 0, "\(arguments) \(result.stderr)")
            }
            let etfs = try await Self.row("ETFs", home: home)
            #expect((etfs["balance"] as? NSNumber)?.decimalValue == Decimal(string: "52971.5"))
            let paper = try #require((try await Self.row("Paper", home: home)["balance"] as? NSNumber)?.decimalValue)

            #expect(try await Self.run(["etf", "delete", "core", "--yes"], home: home).exitCode == 0)
            try Data(#"{"disabledFeatures": ["stocks"]}"#.utf8).write(to: home.appendingPathComponent("config.json"))
            let summary = try await Self.run(["networth", "summary", "--format", "json"], home: home)
            #expect(summary.exitCode == 0, "\(summary.stderr)")
            #expect(
                summary.stderr.contains("warning: \"ETFs\" shows its last recorded balance, of "), "\(summary.stderr)")
            #expect(summary.stderr.contains("(today): etf:saved/core — there is no saved ETF portfolio \"core\""))
            #expect(summary.stderr.contains("\"Paper\" shows its last recorded balance"))
            #expect(summary.stderr.contains("the stocks feature is disabled"))
            let accounts = try #require(try Self.json(summary)["accounts"] as? [[String: Any]])
            let shown = Dictionary(uniqueKeysWithValues: accounts.map { ($0["name"] as! String, $0) })
            #expect((shown["ETFs"]?["balance"] as? NSNumber)?.decimalValue == Decimal(string: "52971.5"))
            #expect((shown["Paper"]?["balance"] as? NSNumber)?.decimalValue == paper)
            #expect(shown["Paper"]?["sourceStatus"] as? String == "unavailable")
            let table = try await Self.run(["networth", "summary"], home: home)
            #expect(table.stdout.contains("\"Paper\" follows \(Self.paper): last recorded"), "\(table.stdout)")
            let sync = try await Self.run(["networth", "sync"], home: home)
            #expect(sync.exitCode == 0)
            #expect(sync.stdout.contains("0 balances recorded"))
            #expect(sync.stdout.contains("skipped"))
        }
    }

    @Test("unknown, malformed and disabled sources are refused with their exit codes; nothing is stored")
    func badSources() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(
                try await Self.run(["networth", "accounts", "add", "--name", "Cash", "--type", "cash"], home: home)
                    .exitCode == 0)
            let cases: [([String], Int32, String)] = [
                (["networth", "accounts", "link", "Cash", "--to", "stocks"], 1, "is not a source name"),
                (["networth", "accounts", "link", "Cash", "--to", "stocks:portfolio"], 1, "needs /<EMAIL> after it"),
                (
                    ["networth", "accounts", "link", "Cash", "--to", "bank:current"], 1,
                    "there is no source bank:current"
                ),
                (["networth", "accounts", "link", "Cash", "--to", "stocks:watchlist"], 1, "stocks has no source"),
                (["networth", "accounts", "link", "Cash", "--to", "funds:portfolio/x"], 1, "takes nothing after it"),
                (
                    ["networth", "accounts", "link", "Cash", "--to", "stocks:portfolio/nobody@example.com"], 1,
                    "there is no paper account nobody@example.com"
                ),
                (["networth", "accounts", "link", "Nope", "--to", "funds:portfolio"], 1, "Nope"),
                (
                    [
                        "networth", "accounts", "add", "--name", "New", "--type", "investment", "--linked-to",
                        "etf:saved/none",
                    ], 1,
                    "there is no saved ETF portfolio \"none\""
                ),
                (["networth", "accounts", "unlink", "Cash"], 1, "follows no source"),
            ]
            for (arguments, code, message) in cases {
                let result = try await Self.run(arguments, home: home)
                #expect(result.exitCode == code, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
            try Data(#"{"disabledFeatures": ["stocks"]}"#.utf8).write(to: home.appendingPathComponent("config.json"))
            let disabled = try await Self.run(["networth", "accounts", "link", "Cash", "--to", Self.paper], home: home)
            #expect(disabled.exitCode == 64, "\(disabled.stderr)")
            #expect(disabled.stderr.contains("the stocks feature is disabled"))
            let list = try await Self.run(["networth", "accounts", "list", "--format", "json"], home: home)
            let accounts = try #require(
                try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            #expect(accounts.map { $0["name"] as? String } == ["Cash"])
            let summary = try await Self.row("Cash", home: home)
            #expect(summary["source"] is NSNull)
        }
    }

    @Test("an account following the empty funds portfolio is in INR; list and show name the source in table, CSV, JSON")
    func emptyFundsListed() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let add = try await Self.run(
                [
                    "networth", "accounts", "add", "--name", "Funds", "--type", "investment", "--linked-to",
                    "funds:portfolio",
                ],
                home: home)
            #expect(add.exitCode == 0, "\(add.stderr)")
            #expect(add.stdout.contains("(investment, INR)"), "\(add.stdout)")
            let cash = try await Self.run(
                ["networth", "accounts", "add", "--name", "Cash", "--type", "cash"], home: home)
            #expect(cash.exitCode == 0, "\(cash.stderr)")
            let link = try await Self.run(
                ["networth", "accounts", "link", "Cash", "--to", "etf:saved/none"], home: home)
            #expect(link.exitCode == 1)

            let list = try await Self.run(["networth", "accounts", "list", "--format", "json"], home: home)
            #expect(list.exitCode == 0, "\(list.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            let funds = try #require(rows.first { $0["name"] as? String == "Funds" })
            #expect(funds["currency"] as? String == "INR")
            #expect(funds["source"] as? String == "funds:portfolio")
            #expect(funds["linkedOn"] is String)
            #expect(funds["sourceStatus"] as? String == "nothing")
            #expect(funds["sourceValue"] is NSNull)
            #expect((funds["sourceProblem"] as? String)?.contains("nothing to value yet") == true)
            let plain = try #require(rows.first { $0["name"] as? String == "Cash" })
            #expect(plain["source"] is NSNull && plain["sourceStatus"] is NSNull)

            let show = try await Self.run(["networth", "accounts", "show", "funds", "--format", "json"], home: home)
            #expect(show.exitCode == 0, "\(show.stderr)")
            let shown = try Self.json(show)
            #expect(shown["source"] as? String == "funds:portfolio")
            #expect(shown["sourceStatus"] as? String == "nothing")
            #expect(shown["currency"] as? String == "INR")

            let csv = try await Self.run(["networth", "accounts", "list", "--format", "csv"], home: home)
            let header = try #require(csv.stdout.split(whereSeparator: \.isNewline).first)
            #expect(header.hasSuffix("source,linkedOn,sourceStatus,sourceValue,sourceAsOf,sourceProblem"), "\(header)")
            #expect(csv.stdout.contains(",funds:portfolio,"), "\(csv.stdout)")
            let showCSV = try await Self.run(["networth", "accounts", "show", "Funds", "--format", "csv"], home: home)
            #expect(showCSV.stdout.contains(",funds:portfolio,"), "\(showCSV.stdout)")

            let table = try await Self.run(["networth", "accounts", "list"], home: home)
            #expect(table.stdout.contains("\"Funds\" follows funds:portfolio, linked "), "\(table.stdout)")
            #expect(table.stdout.contains("no value now"), "\(table.stdout)")
            let showTable = try await Self.run(["networth", "accounts", "show", "Funds"], home: home)
            #expect(showTable.stdout.contains("Follows"), "\(showTable.stdout)")
            #expect(showTable.stdout.contains("funds:portfolio (linked "), "\(showTable.stdout)")
            #expect(showTable.stdout.contains("Source value"), "\(showTable.stdout)")
        }
    }
}
