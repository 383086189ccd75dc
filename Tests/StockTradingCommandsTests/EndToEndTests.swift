import FeatureKitTesting
import Foundation
import Money
import NetworkingTesting
import Synchronization
import Testing

/// The real `folio` binary over a real SQLite file, as a user runs it.
@Suite(.serialized) struct EndToEndTests {
    func run(
        _ arguments: [String], home: URL, input: String? = nil, environment: [String: String] = [:]
    ) async throws
        -> FolioBinary.Result
    {
        try await FolioBinary.run(["stocks"] + arguments, home: home, environment: environment, input: input)
    }

    func json(_ result: FolioBinary.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func decimal(_ value: Any?) -> Decimal? { value.flatMap { Decimal(string: "\($0)") } }

    @Test func signupTradeAndNoPlaintextPasswordInTheDatabase() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let password = "Plain-Text-Secret-42"
            // Without a terminal the hidden prompts read lines from standard input: password, then confirmation.
            let signup = try await run(
                ["signup", "--email", "carol@example.com"], home: home, input: "\(password)\n\(password)\n")
            #expect(signup.exitCode == 0, "\(signup.stderr)")
            #expect(signup.stdout == "Signed up carol@example.com with $10,000.00 of paper cash; you are logged in.\n")
            let buy = try await run(["buy", "AAPL", "3"], home: home)
            #expect(buy.exitCode == 0 && buy.stdout.hasPrefix("Bought 3 AAPL at $"))
            let files = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
                $0.hasPrefix("folio.sqlite")
            }
            #expect(files.contains("folio.sqlite"))
            var everything = Data()
            for file in files { everything.append(try Data(contentsOf: home.appendingPathComponent(file))) }
            #expect(everything.range(of: Data("carol@example.com".utf8)) != nil, "the account is in the files searched")
            #expect(everything.range(of: Data("pbkdf2-sha256".utf8)) != nil)
            #expect(everything.range(of: Data(password.utf8)) == nil, "no plaintext password anywhere")
            #expect(everything.range(of: Data("Test@123".utf8)) == nil, "nor the demo's")
            let attributes = try FileManager.default.attributesOfItem(
                atPath: home.appendingPathComponent("folio.sqlite").path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test func sessionPersistsAndUsersAreIsolated() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(
                try await run(
                    ["signup", "--email", "a@example.com", "--cash", "1000", "--password-stdin"], home: home,
                    input: "password-a\n"
                ).exitCode == 0)
            #expect(try await run(["buy", "TSLA", "1"], home: home).exitCode == 0)
            #expect(try await run(["watchlist", "add", "NVDA"], home: home).exitCode == 0)
            #expect(
                try await run(
                    ["signup", "--email", "b@example.com", "--password-stdin"], home: home, input: "password-b\n"
                ).exitCode == 0)
            #expect(try await run(["whoami"], home: home).stdout.hasPrefix("b@example.com "))
            let portfolio = try #require(
                try json(try await run(["portfolio", "--format", "json"], home: home)) as? [String: Any])
            #expect((portfolio["holdings"] as? [Any])?.isEmpty == true)
            #expect(decimal((portfolio["totals"] as? [String: Any])?["cash"]) == 10_000)
            #expect((try json(try await run(["history", "--format", "json"], home: home)) as? [Any])?.count == 1)
            #expect(try await run(["watchlist", "list"], home: home).stdout.contains("empty"))
            #expect(try await run(["logout"], home: home).stdout == "Logged out b@example.com.\n")
            let nobody = try await run(["portfolio"], home: home)
            #expect(nobody.exitCode == 1 && nobody.stderr.contains("error: not logged in"))
            #expect(
                try await run(
                    ["login", "--email", "a@example.com", "--password-stdin"], home: home, input: "password-a\n"
                ).exitCode == 0)
            let back = try #require(
                try json(try await run(["portfolio", "--format", "json"], home: home)) as? [String: Any])
            #expect((back["holdings"] as? [[String: Any]])?.map { $0["symbol"] as? String } == ["TSLA"])
            // Last: a failure makes the next login of the account wait (the throttle), and this test cannot wait.
            let wrong = try await run(
                ["login", "--email", "a@example.com", "--password-stdin"], home: home, input: "password-b\n")
            #expect(wrong.exitCode == 1)
        }
    }

    @Test func refusalsExitOneAndLeaveEverythingAsItWas() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let environment = ["FOLIO_QUOTES_TTL": "1h"]
            #expect(
                try await run(
                    ["login", "--email", "test@stockport.com", "--password-stdin"], home: home, input: "Test@123\n",
                    environment: environment
                ).exitCode == 0)
            let before = try await run(["portfolio", "--format", "json"], home: home, environment: environment)
            let history = try await run(["history", "--format", "json"], home: home, environment: environment)
            for arguments in [
                ["buy", "XYZ", "1"], ["buy", "AAPL", "0"], ["buy", "AAPL", "2.5"], ["buy", "AAPL", "1000001"],
                ["buy", "NVDA", "12"], ["sell", "TSLA", "2"], ["withdraw", "10000.01"], ["alerts", "remove", "1"],
                ["watchlist", "remove", "AAPL"],
            ] {
                let outcome = try await run(arguments, home: home, environment: environment)
                #expect(outcome.exitCode == 1, "\(arguments): \(outcome.stderr)")
                #expect(outcome.stderr.hasPrefix("error: "), "\(arguments)")
                #expect(outcome.stdout.isEmpty, "\(arguments)")
            }
            #expect(
                try await run(["history", "--format", "json"], home: home, environment: environment).stdout
                    == history.stdout)
            #expect(
                try await run(["portfolio", "--format", "json"], home: home, environment: environment).stdout
                    == before.stdout)
        }
    }

    @Test func fourProcessesTradingConcurrentlyReconcileExactly() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let environment = ["FOLIO_QUOTES_TTL": "2s"]
            let signup = try await run(
                ["signup", "--email", "busy@example.com", "--cash", "1000000", "--password-stdin"], home: home,
                input: "busy-busy-busy\n",
                environment: environment)
            #expect(signup.exitCode == 0)
            #expect(try await run(["buy", "AAPL", "100"], home: home, environment: environment).exitCode == 0)
            #expect(try await run(["buy", "TSLA", "100"], home: home, environment: environment).exitCode == 0)
            let results = try await withThrowingTaskGroup(of: [Int32].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        var codes: [Int32] = []
                        for index in 0..<100 {
                            let symbol = worker % 2 == 0 ? "AAPL" : "TSLA"
                            let side = (index + worker) % 2 == 0 ? "buy" : "sell"
                            let outcome = try await FolioBinary.run(
                                ["stocks", side, symbol, "\(1 + (index / 2) % 3)"], home: home, environment: environment
                            )
                            if outcome.exitCode != 0 { Issue.record("\(side) \(symbol): \(outcome.stderr)") }
                            codes.append(outcome.exitCode)
                        }
                        return codes
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(results.count == 400 && results.allSatisfy { $0 == 0 })
            let history = try #require(
                try json(try await run(["history", "--format", "json"], home: home)) as? [[String: Any]])
            let trades = history.filter { ["buy", "sell"].contains($0["side"] as? String) }
            #expect(trades.count == 402, "every trade recorded once")
            #expect(history.map { $0["sequence"] as? Int } == Array(1...403).map { Optional($0) })
            var cash: Decimal = 0
            var shares: [String: Int] = [:]
            for entry in history {
                let amount = try #require(decimal(entry["amount"]))
                switch entry["side"] as? String {
                case "deposit": cash += amount
                case "buy":
                    cash -= amount
                    shares[entry["symbol"] as! String, default: 0] += entry["quantity"] as! Int
                case "sell":
                    cash += amount
                    shares[entry["symbol"] as! String, default: 0] -= entry["quantity"] as! Int
                default: Issue.record("unexpected entry \(entry)")
                }
                #expect(decimal(entry["cashAfter"]) == cash, "running cash matches entry \(entry["sequence"]!)")
            }
            #expect(shares == ["AAPL": 100, "TSLA": 100], "each worker bought and sold the same number of shares")
            let portfolio = try #require(
                try json(try await run(["portfolio", "--format", "json"], home: home)) as? [String: Any])
            #expect(decimal((portfolio["totals"] as? [String: Any])?["cash"]) == cash)
            let held = (portfolio["holdings"] as? [[String: Any]] ?? []).map {
                ($0["symbol"] as! String, $0["quantity"] as! Int)
            }
            #expect(Dictionary(uniqueKeysWithValues: held) == shares)
        }
    }

    @Test func yahooOnLoopbackPricesTheMarketAndStalePricesWhenItIsDown() async throws {
        let down = Mutex(false)
        // Every symbol is answered with the recorded AAPL chart (meta price 289.07, previous close 282.97); down,
        // the provider answers an HTML page, as a proxy or a consent wall does.
        let server = try await LoopbackServer.start { request in
            if down.withLock({ $0 }) {
                return LoopbackResponse(
                    status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>maintenance</html>".utf8))
            }
            return try .fixture("yahoo/fbriden_AAPL_range5d.json")
        }
        defer { Task { await server.stop() } }
        try await FolioBinary.withTemporaryHome { home in
            let environment = [
                "FOLIO_MARKET": "yahoo", "FOLIO_YAHOO_URL": server.baseURL.absoluteString, "FOLIO_QUOTES_TTL": "0s",
            ]
            #expect(
                try await run(
                    ["login", "--email", "test@stockport.com", "--password-stdin"], home: home, input: "Test@123\n",
                    environment: environment
                ).exitCode == 0)
            let fresh = try await run(["portfolio"], home: home, environment: environment)
            #expect(fresh.exitCode == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")
            #expect(fresh.stdout.contains("$289.07") && !fresh.stdout.contains("STALE"))
            #expect(server.requests.contains { $0.path == "/v8/finance/chart/AAPL" })
            down.withLock { $0 = true }
            let stale = try await run(["portfolio"], home: home, environment: environment)
            #expect(stale.exitCode == 0)
            #expect(stale.stderr.contains("warning: prices are the last known from Yahoo Finance"), "\(stale.stderr)")
            #expect(stale.stdout.contains("$289.07*") && stale.stdout.contains("STALE: last known prices"))
            let quotes = try #require(
                try json(try await run(["quotes", "--format", "json"], home: home, environment: environment))
                    as? [[String: Any]])
            #expect(quotes.allSatisfy { $0["stale"] as? Bool == true })
            try await FolioBinary.withTemporaryHome { emptyHome in
                let nothing = try await run(["quotes"], home: emptyHome, environment: environment)
                #expect(
                    nothing.exitCode == 69 && nothing.stderr.contains("error: no prices available from Yahoo Finance"),
                    "\(nothing.stderr)")
            }
        }
    }

    @Test func helpStatesFormulasAndExamples() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let help = try await run(["portfolio", "--help"], home: home)
            #expect(help.exitCode == 0)
            #expect(help.stdout.contains("ROI = (total value − invested) / invested"))
            #expect(help.stdout.contains("folio stocks portfolio --refresh --basis fifo --format json"))
            let root = try await run(["--help"], home: home)
            for command in [
                "signup", "login", "logout", "whoami", "deposit", "withdraw", "quotes", "buy", "sell", "portfolio",
                "history", "watchlist", "analytics",
            ] {
                #expect(root.stdout.contains(command), "\(command)")
            }
            #expect(!root.stdout.contains("bench-trades"))
            let benchmark = try await run(["bench-trades", "--count", "1"], home: home)
            #expect(benchmark.exitCode == 64, "the trade benchmark lives in folio-benchmarks, not in the product")
            let offline = try await FolioBinary.run(["--offline", "stocks", "quotes", "AAPL"], home: home)
            #expect(offline.exitCode == 0, "the simulated market needs no network")
        }
    }
}
