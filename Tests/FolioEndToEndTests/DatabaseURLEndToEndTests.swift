import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing

/// Issue 25's database URL items through the built binary. The refusals need no server (they come before any
/// connection); the rest use the test server.
@Suite struct DatabaseURLEndToEndTests {
    /// Every piece of three or more characters of `secret`.
    static func pieces(of secret: String) -> [String] {
        let characters = Array(secret)
        guard characters.count >= 3 else { return [] }
        return (0...(characters.count - 3)).map { String(characters[$0..<($0 + 3)]) }
    }

    private func folio(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> FolioBinary.Result
    {
        try await FolioBinary.withTemporaryHome { home in
            try await FolioBinary.run(arguments, home: home, environment: environment)
        }
    }

    /// Issue 25.2: a misspelt or upper-case option was ignored and the connection made without TLS.
    @Test func anUnknownURLOptionExits64NamingItAndTheKnownOnes() async throws {
        for option in ["sslmod", "SSLMODE", "sslMode"] {
            let result = try await folio([
                "--database-url", "postgres://folio@127.0.0.1:1/folio?\(option)=require", "db", "status",
            ])
            #expect(result.exitCode == 64, "\(option): \(result.stderr)")
            #expect(result.stderr.contains("option \"\(option)\" is not one Folio knows"), "\(result.stderr)")
            #expect(result.stderr.contains("sslmode and schema"), "\(result.stderr)")
        }
    }

    /// Issue 25.3: `p%ZZ` read as "no password" and reported `authMechanismRequiresPassword`.
    @Test func aBrokenEscapeInThePasswordExits64SayingWhere() async throws {
        let result = try await folio(["--database-url", "postgres://folio:pw%ZZxy@127.0.0.1:1/folio", "db", "status"])
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(
            result.stderr.contains("the password in the database URL has a broken %-escape at its character 3"),
            "\(result.stderr)")
        for piece in ["pw%", "%ZZ", "ZZx", "authMechanism"] {
            #expect(!result.stderr.contains(piece) && !result.stdout.contains(piece), "\(result.stderr)")
        }
    }

    /// Issue 25.7: `[::1]` failed as "the host name could not be resolved"; now it is tried, and refused on a
    /// port where nothing listens.
    @Test func anIPv6LiteralIsConnectedToNotLookedUp() async throws {
        let result = try await folio(["--database-url", "postgres://folio@[::1]:1/folio", "db", "status"])
        #expect(result.exitCode == 69, "\(result.stderr)")
        #expect(result.stderr.contains("[::1]:1: connection refused"), "\(result.stderr)")
        #expect(!result.stderr.contains("could not be resolved"), "\(result.stderr)")
    }

    /// Issue 25.1 for URLs that cannot be used: nothing of the password is printed.
    @Test func aRefusedURLShowsNoPieceOfItsPassword() async throws {
        let password = "Жp@sλ:w/rd?Ω#q%ø"
        for url in [
            "postgres://odd:\(password)@", "postgres://odd:\(password)@127.0.0.1:port/db",
            "postgres://odd:\(password)@127.0.0.1:1/db?sslmod=require", "postgres://odd:\(password)@127.0.0.1:1/db",
        ] {
            let result = try await folio(["--database-url", url, "db", "status"])
            #expect(result.exitCode == 64, "\(url): \(result.stderr)")
            let leaked = Self.pieces(of: password).filter { result.stderr.contains($0) || result.stdout.contains($0) }
            #expect(leaked.isEmpty, "\(result.stderr) shows \(leaked)")
        }
    }
}

/// The same items against the test server.
@Suite(.enabled(if: PostgresTestDatabase.isConfigured, Comment(rawValue: PostgresTestDatabase.skipReason)))
struct DatabaseURLServerEndToEndTests {
    /// `url` (the test server's, `postgres://folio@…`) with `password` given.
    static func with(password: String, _ url: String) -> String {
        url.replacingOccurrences(of: "://folio@", with: "://folio:\(password)@")
    }

    /// Issue 25.1: `db status` printed `postgres://odd:***@ss:w/rd@…` for the password `p@ss:w/rd`.
    @Test func dbStatusShowsNoPieceOfAPasswordWhateverItHolds() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { home in
                for password in ["Жp@sλ:w/rdΩ", "λ?ø#Ж@@Ω", "Ω%40ǂ/Qz:ß7", "ø%E2%82%ACxÉ&Ж=λ"] {
                    for format in [["--format", "json"], []] {
                        let result = try await FolioBinary.run(
                            ["--database-url", Self.with(password: password, url), "db", "status"] + format, home: home)
                        #expect(result.exitCode == 0, "\(password): \(result.stderr)")
                        #expect(result.stdout.contains("postgres://folio:***@127.0.0.1:"), "\(result.stdout)")
                        let leaked = DatabaseURLEndToEndTests.pieces(of: password)
                            .filter { result.stderr.contains($0) || result.stdout.contains($0) }
                        #expect(leaked.isEmpty, "\(result.stdout) shows \(leaked)")
                    }
                }
                // The issue's own URL: a role the server does not have, refused by it, and nothing of the
                // password in the refusal.
                let odd = Self.with(password: "p@ss:w/rd", url).replacingOccurrences(of: "://folio:", with: "://odd:")
                let refused = try await FolioBinary.run(["--database-url", odd, "db", "status"], home: home)
                #expect(refused.exitCode == 69, "\(refused.stderr)")
                #expect(refused.stderr.contains("\"odd\""), "\(refused.stderr)")
                for piece in ["p@ss", "ss:w", "w/rd", "@ss"] {
                    #expect(!refused.stderr.contains(piece), "\(refused.stderr)")
                }
            }
        }
    }

    /// Issue 25.11: `db copy --force` onto the same database spelt `localhost` passed the "onto itself" check
    /// and replaced the data it was reading.
    @Test func copyOntoTheSameDataUnderAnotherHostNameIsRefused() async throws {
        try await PostgresTestDatabase.withSchemaURL { url in
            try await FolioBinary.withTemporaryHome { home in
                let shared = ["FOLIO_DATABASE_URL": url]
                let sample = try await FolioBinary.run(["networth", "sample"], home: home, environment: shared)
                #expect(sample.exitCode == 0, "\(sample.stderr)")
                let before = try await FolioBinary.run(
                    ["networth", "summary", "--format", "json"], home: home, environment: shared)
                let alias = url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
                #expect(alias != url)
                let copy = try await FolioBinary.run(
                    ["db", "copy", "--to", alias, "--force"], home: home, environment: shared)
                #expect(copy.exitCode == 64, "\(copy.stderr)")
                #expect(copy.stderr.contains("onto itself"), "\(copy.stderr)")
                let after = try await FolioBinary.run(
                    ["networth", "summary", "--format", "json"], home: home, environment: shared)
                #expect(after.stdout == before.stdout)
                // Another schema of the same server is other data: copied.
                let other = url + "_copy"
                let copied = try await FolioBinary.run(["db", "copy", "--to", other], home: home, environment: shared)
                #expect(copied.exitCode == 0, "\(copied.stderr)")
                try await PostgresTestDatabase.dropSchema(of: other)
            }
        }
    }
}
