import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing

/// Two `FOLIO_HOME`s, as two laptops, sharing one PostgreSQL database through the built binary.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct SharedDatabaseEndToEndTests {
    @Test func twoHomesShareTradesButNotTheLoginSession() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { first in
                try await FolioBinary.withTemporaryHome { second in
                    // The first laptop names the server in its environment, the second in its config.json: both
                    // ways of selecting it lead to the same data.
                    let shared = ["FOLIO_DATABASE_URL": url]
                    try JSONSerialization.data(withJSONObject: ["database.url": url])
                        .write(to: second.appendingPathComponent("config.json"))
                    let login = ["stocks", "login", "--email", "test@stockport.com", "--password-stdin"]
                    let loggedIn = try await FolioBinary.run(
                        login, home: first, environment: shared, input: "Test@123\n")
                    #expect(loggedIn.exitCode == 0, "\(loggedIn.stderr)")
                    let bought = try await FolioBinary.run(
                        ["stocks", "buy", "AAPL", "1"], home: first, environment: shared)
                    #expect(bought.exitCode == 0, "\(bought.stderr)")
                    // The session is per device: the second home is not logged in...
                    let refused = try await FolioBinary.run(["stocks", "portfolio"], home: second)
                    #expect(refused.exitCode != 0)
                    #expect(refused.stderr.contains("not logged in"))
                    // ...until it logs in, and then it sees the first home's trade.
                    let again = try await FolioBinary.run(login, home: second, input: "Test@123\n")
                    #expect(again.exitCode == 0, "\(again.stderr)")
                    let portfolio = try await FolioBinary.run(
                        ["stocks", "portfolio", "--format", "json"], home: second)
                    #expect(portfolio.exitCode == 0, "\(portfolio.stderr)")
                    #expect(portfolio.stdout.contains("\"quantity\" : 3"), "\(portfolio.stdout)")
                    let status = try await FolioBinary.run(["db", "status", "--format", "json"], home: second)
                    #expect(status.stdout.contains("\"backend\" : \"postgres\""))
                }
            }
        }
    }

}

/// Database selection errors, which need no server.
@Suite struct DatabaseSelectionEndToEndTests {
    @Test func anUnreachableServerExits69WithoutShowingThePassword() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(
                ["--database-url", "postgres://folio:hunter2@127.0.0.1:1/folio", "db", "status"], home: home)
            #expect(result.exitCode == 69)
            #expect(result.stderr.hasPrefix("error: cannot reach the database — "))
            #expect(result.stderr.contains("hint:"))
            #expect(!result.stderr.contains("hunter2"))
        }
    }
}
