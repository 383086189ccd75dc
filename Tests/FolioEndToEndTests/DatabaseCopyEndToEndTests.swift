import FeatureKitTesting
import Foundation
import NetworkingTesting
import PersistencePostgresTesting
import Testing

/// `folio db copy` from a SQLite home onto a PostgreSQL database, through the built binary.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct DatabaseCopyEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every feature's main report that reads only what is stored; the racing board is left out because it
    /// counts down to the current time, so two runs never print the same bytes.
    static let reports: [[String]] = [
        ["stocks", "portfolio", "--format", "json"],
        ["stocks", "history", "--format", "json"],
        ["networth", "summary", "--format", "json"],
        ["networth", "report", "--format", "json"],
        ["etf", "list", "--format", "json"],
        ["etf", "analyze", "--saved", "core", "--format", "json"],
        ["--offline", "funds", "search", "income", "fund", "--format", "json"],
    ]

    @Test func everyFeaturesReportIsByteIdenticalAfterACopyFromSQLite() async throws {
        let catalogue = try Data(
            contentsOf: Self.repository.appendingPathComponent("Tests/Fixtures/mfapi/list_sample_first50.json"))
        let server = try await LoopbackServer.start { request in
            request.path == "/mf" ? .json(catalogue) : .json("not found", status: 404)
        }
        defer { Task { await server.stop() } }
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { home in
                let environment = ["FOLIO_QUOTES_TTL": "1h", "FOLIO_MFAPI_URL": server.baseURL.absoluteString]
                func folio(
                    _ arguments: [String], _ extra: [String: String] = [:], input: String? = nil
                ) async throws
                    -> FolioBinary.Result
                {
                    try await FolioBinary.run(
                        arguments, home: home, environment: environment.merging(extra) { $1 }, input: input)
                }
                let etfs = Self.repository.appendingPathComponent("Modules/Features/ETFAnalyzer/Examples/etfs.csv").path
                for (arguments, input) in [
                    (["stocks", "login", "--email", "test@stockport.com", "--password-stdin"], "Test@123\n"),
                    (["stocks", "buy", "AAPL", "2"], nil), (["stocks", "sell", "TSLA", "1"], nil),
                    (["networth", "sample"], nil), (["etf", "save", "core", etfs], nil),
                    (["funds", "search", "income"], nil),
                ] as [([String], String?)] {
                    let result = try await folio(arguments, input: input)
                    #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
                }
                var before: [String] = []
                for report in Self.reports {
                    let result = try await folio(report)
                    #expect(result.exitCode == 0, "\(report): \(result.stderr)")
                    before.append(result.stdout)
                }
                let copy = try await folio(["db", "copy", "--to", url, "--format", "json"])
                #expect(copy.exitCode == 0, "\(copy.stderr)")
                #expect(copy.stdout.contains("\"namespace\" : \"stocks\""), "\(copy.stdout)")
                let shared = ["FOLIO_DATABASE_URL": url]
                for (report, expected) in zip(Self.reports, before) {
                    let result = try await folio(report, shared)
                    #expect(result.exitCode == 0, "\(report): \(result.stderr)")
                    #expect(result.stdout == expected, "\(report) differs after the copy")
                }
                // A second copy finds the target holding data: refused, unless told to replace it.
                let again = try await folio(["db", "copy", "--to", url])
                #expect(again.exitCode == 1)
                #expect(again.stderr.hasPrefix("error: "), "\(again.stderr)")
                #expect(again.stderr.contains("is not empty"), "\(again.stderr)")
                let forced = try await folio(["db", "copy", "--to", url, "--force"])
                #expect(forced.exitCode == 0, "\(forced.stderr)")
                #expect(try await folio(Self.reports[0], shared).stdout == before[0])
            }
        }
    }

    @Test func aHundredConcurrentBuysFromTwoHomesReconcileExactly() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { first in
                try await FolioBinary.withTemporaryHome { second in
                    let environment = ["FOLIO_DATABASE_URL": url, "FOLIO_QUOTES_TTL": "2s"]
                    let signup = try await FolioBinary.run(
                        ["stocks", "signup", "--email", "club@example.com", "--cash", "1000000", "--password-stdin"],
                        home: first, environment: environment, input: "club-club-club\n")
                    #expect(signup.exitCode == 0, "\(signup.stderr)")
                    let login = try await FolioBinary.run(
                        ["stocks", "login", "--email", "club@example.com", "--password-stdin"], home: second,
                        environment: environment, input: "club-club-club\n")
                    #expect(login.exitCode == 0, "\(login.stderr)")
                    // 20 processes at a time, half from each home, 100 buys in all.
                    let codes = try await withThrowingTaskGroup(of: [Int32].self) { group in
                        for worker in 0..<20 {
                            group.addTask {
                                var codes: [Int32] = []
                                for index in 0..<5 {
                                    let outcome = try await FolioBinary.run(
                                        ["stocks", "buy", index % 2 == 0 ? "AAPL" : "TSLA", "\(1 + index % 3)"],
                                        home: worker % 2 == 0 ? first : second, environment: environment)
                                    if outcome.exitCode != 0 { Issue.record("buy: \(outcome.stderr)") }
                                    codes.append(outcome.exitCode)
                                }
                                return codes
                            }
                        }
                        return try await group.reduce(into: []) { $0 += $1 }
                    }
                    #expect(codes.count == 100 && codes.allSatisfy { $0 == 0 })
                    let history = try #require(
                        try JSONSerialization.jsonObject(
                            with: Data(
                                try await FolioBinary.run(
                                    ["stocks", "history", "--format", "json"], home: second, environment: environment
                                ).stdout.utf8)) as? [[String: Any]])
                    #expect(history.filter { $0["side"] as? String == "buy" }.count == 100, "every buy recorded once")
                    #expect(history.map { $0["sequence"] as? Int } == Array(1...101).map { Optional($0) })
                    var cash: Decimal = 0
                    var shares: [String: Int] = [:]
                    for entry in history {
                        let amount = try #require(Decimal(string: "\(entry["amount"] ?? "")"))
                        switch entry["side"] as? String {
                        case "deposit": cash += amount
                        case "buy":
                            cash -= amount
                            shares[entry["symbol"] as? String ?? "", default: 0] += entry["quantity"] as? Int ?? 0
                        default: Issue.record("unexpected entry \(entry)")
                        }
                        #expect(Decimal(string: "\(entry["cashAfter"] ?? "")") == cash, "running cash at \(entry)")
                    }
                    // Each worker buys 1 AAPL, 2 TSLA, 3 AAPL, 1 TSLA, 2 AAPL: 6 AAPL and 3 TSLA.
                    #expect(shares == ["AAPL": 120, "TSLA": 60])
                    let portfolio = try #require(
                        try JSONSerialization.jsonObject(
                            with: Data(
                                try await FolioBinary.run(
                                    ["stocks", "portfolio", "--format", "json"], home: first, environment: environment
                                ).stdout.utf8)) as? [String: Any])
                    #expect(Decimal(string: "\((portfolio["totals"] as? [String: Any])?["cash"] ?? "")") == cash)
                    let held = (portfolio["holdings"] as? [[String: Any]] ?? []).map {
                        ($0["symbol"] as? String ?? "", $0["quantity"] as? Int ?? 0)
                    }
                    #expect(Dictionary(uniqueKeysWithValues: held) == shares)
                }
            }
        }
    }
}

/// A server that goes down between two commands and comes back: a cluster of the test's own.
@Suite(.enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)))
struct ServerRestartEndToEndTests {
    @Test func aCommandFailsCleanlyWhileTheServerIsDownAndWorksOnceItIsBack() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            try await FolioBinary.withTemporaryHome { home in
                let environment = ["FOLIO_DATABASE_URL": cluster.url]
                let sample = try await FolioBinary.run(["networth", "sample"], home: home, environment: environment)
                #expect(sample.exitCode == 0, "\(sample.stderr)")
                let before = try await FolioBinary.run(
                    ["networth", "summary", "--format", "json"], home: home, environment: environment)
                #expect(before.exitCode == 0, "\(before.stderr)")
                try await cluster.stopServer()
                let down = try await FolioBinary.run(
                    ["networth", "summary", "--format", "json"], home: home, environment: environment)
                #expect(down.exitCode == 69)
                #expect(down.stderr.hasPrefix("error: cannot reach the database — "), "\(down.stderr)")
                #expect(down.stderr.contains("hint:"))
                #expect(down.stdout.isEmpty)
                try await cluster.startServer()
                let after = try await FolioBinary.run(
                    ["networth", "summary", "--format", "json"], home: home, environment: environment)
                #expect(after.exitCode == 0, "\(after.stderr)")
                #expect(after.stdout == before.stdout)
            }
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}

/// A server that checks passwords, as a rented one does: a cluster of the test's own.
@Suite(.enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)))
struct WrongPasswordEndToEndTests {
    @Test func aWrongPasswordExits69WithALoginHintAndNeitherPassword() async throws {
        let cluster = try await PrivatePostgresCluster.start(password: "correct-horse")
        do {
            try await FolioBinary.withTemporaryHome { home in
                let wrong = cluster.url.replacingOccurrences(of: "correct-horse", with: "hunter2")
                let refused = try await FolioBinary.run(
                    ["networth", "summary"], home: home, environment: ["FOLIO_DATABASE_URL": wrong])
                #expect(refused.exitCode == 69)
                #expect(refused.stderr.hasPrefix("error: cannot reach the database — "), "\(refused.stderr)")
                #expect(refused.stderr.contains("password"), "\(refused.stderr)")
                #expect(refused.stderr.contains("hint:"))
                #expect(!refused.stderr.contains("hunter2") && !refused.stderr.contains("correct-horse"))
                #expect(refused.stdout.isEmpty)
                let status = try await FolioBinary.run(
                    ["db", "status"], home: home, environment: ["FOLIO_DATABASE_URL": cluster.url])
                #expect(status.exitCode == 0, "\(status.stderr)")
                #expect(!status.stdout.contains("correct-horse"), "\(status.stdout)")
            }
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}
