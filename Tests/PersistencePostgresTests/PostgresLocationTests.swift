import Persistence
import PersistencePostgres
import Testing

/// Parsing and showing database URLs: the password is used, never shown.
@Suite struct PostgresLocationTests {
    @Test func parsesEveryPartAndMasksThePassword() throws {
        let location = try PostgresLocation(
            parsing: "postgres://alice:s%40cret@db.example:6543/household?sslmode=verify-full&schema=folio")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.user == "alice")
        #expect(location.password == "s@cret")
        #expect(location.database == "household")
        #expect(location.sslMode == .verifyFull)
        #expect(location.schema == "folio")
        #expect(location.masked == "postgres://alice:***@db.example:6543/household?sslmode=verify-full&schema=folio")
        #expect(!"\(location)".contains("cret"))
    }

    @Test func fillsDefaultsLikeLibpq() throws {
        let location = try PostgresLocation(parsing: "postgresql://bob@localhost")
        #expect(location.port == 5432)
        #expect(location.database == "bob")
        #expect(location.sslMode == .prefer)
        #expect(location.schema == "public")
        #expect(location.password == nil)
        #expect(location.masked == "postgres://bob@localhost:5432/bob")
    }

    @Test func refusesWhatIsNotAPostgresURLWithoutShowingThePassword() {
        for text in [
            "mysql://u:hunter2@h/db", "postgres://u:hunter2@/db", "postgres://u:hunter2@h/db?sslmode=maybe",
            "postgres://u:hunter2@h:port/db", "postgres://u:hunter2@[::1/db", "postgres://u:hunter2@h/db#frag",
        ] {
            let error = #expect(throws: PersistenceError.self) { try PostgresLocation(parsing: text) }
            #expect(error.map { !$0.description.contains("hunter2") } == true, "\(text)")
        }
    }

    @Test func masksPasswordsInsideAnyText() {
        #expect(PostgresLocation.mask("postgres://u:p%40ss@h:1/d?x=1") == "postgres://u:***@h:1/d?x=1")
        #expect(PostgresLocation.mask("postgres://u@h/d") == "postgres://u@h/d")
        #expect(PostgresLocation.mask("/home/folio.sqlite") == "/home/folio.sqlite")
    }

    /// Issue 25.1: masking stopped at the first `@`, printing `***@ss:w/rd@…`.
    @Test func aPasswordHoldingAtSignsColonsAndSlashesIsReadWholeAndMaskedWhole() throws {
        let text = "postgres://odd:p@ss:w/rd@127.0.0.1:55432/oddb"
        let location = try PostgresLocation(parsing: text)
        #expect(location.user == "odd")
        #expect(location.password == "p@ss:w/rd")
        #expect(location.host == "127.0.0.1")
        #expect(location.port == 55432)
        #expect(location.database == "oddb")
        #expect(location.masked == "postgres://odd:***@127.0.0.1:55432/oddb")
        #expect(PostgresLocation.mask(text) == "postgres://odd:***@127.0.0.1:55432/oddb")
        #expect(PostgresLocation.mask("see postgres://u:a?b#c/d@h/db") == "see postgres://u:***@h/db")
    }

    /// Issue 25.2: `?sslmod=require` was ignored, so the connection went unencrypted without a word.
    @Test func anOptionFolioDoesNotKnowIsRefusedNamingItAndTheKnownOnes() {
        for option in ["sslmod=require", "SSLMODE=require", "connect_timeout=5", "schema=s&Schema=t"] {
            let error = #expect(throws: PersistenceError.self) {
                try PostgresLocation(parsing: "postgres://u:hunter2@h/db?\(option)")
            }
            let name = String(option.split(separator: "&").last!.split(separator: "=")[0])
            #expect(
                error?.description.contains("option \"\(name)\" is not one Folio knows") == true,
                "\(String(describing: error))")
            #expect(error?.description.contains("sslmode and schema") == true, "\(String(describing: error))")
        }
    }

    /// Issue 25.3: `p%ZZ` read as no password at all.
    @Test func aBrokenPercentEscapeIsRefusedSayingWhereWithoutQuotingIt() throws {
        let error = #expect(throws: PersistenceError.self) {
            try PostgresLocation(parsing: "postgres://u:sec%ZZret@h/db")
        }
        let message = error?.description ?? ""
        #expect(message.contains("the password"), "\(message)")
        #expect(message.contains("character 4"), "\(message)")
        for piece in ["sec", "%ZZ", "ret"] { #expect(!message.contains(piece), "\(message)") }
        #expect(throws: PersistenceError.self) { try PostgresLocation(parsing: "postgres://u%G1:pw@h/db") }
        #expect(throws: PersistenceError.self) { try PostgresLocation(parsing: "postgres://u:pw@h/db%4") }
        #expect(try PostgresLocation(parsing: "postgres://u:%C3%A9t%C3%A9%25@h/db").password == "été%")
    }

    /// Issue 25.7: `[::1]` reached the resolver with its brackets and failed as an unknown host name.
    @Test func anIPv6LiteralLosesItsBracketsAndGetsThemBackWhenShown() throws {
        let location = try PostgresLocation(parsing: "postgres://folio@[::1]:5433/folio")
        #expect(location.host == "::1")
        #expect(location.port == 5433)
        #expect(location.endpoint == "[::1]:5433")
        #expect(location.masked == "postgres://folio@[::1]:5433/folio")
        let defaulted = try PostgresLocation(parsing: "postgresql://u:p@[fe80::1%25eth0]/db")
        #expect(defaulted.host == "fe80::1%eth0")
        #expect(defaulted.port == 5432)
    }
}
