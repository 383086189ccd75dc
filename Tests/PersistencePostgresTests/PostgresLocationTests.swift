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
        for text in ["mysql://u:hunter2@h/db", "postgres://u:hunter2@/db", "postgres://u:hunter2@h/db?sslmode=maybe"] {
            let error = #expect(throws: PersistenceError.self) { try PostgresLocation(parsing: text) }
            #expect(error.map { !$0.description.contains("hunter2") } == true, "\(text)")
        }
    }

    @Test func masksPasswordsInsideAnyText() {
        #expect(PostgresLocation.mask("postgres://u:p%40ss@h:1/d?x=1") == "postgres://u:***@h:1/d?x=1")
        #expect(PostgresLocation.mask("postgres://u@h/d") == "postgres://u@h/d")
        #expect(PostgresLocation.mask("/home/folio.sqlite") == "/home/folio.sqlite")
    }
}
