import Failures
import FeatureKit
import Persistence
import Testing

/// A database that cannot be used exits 69 whatever the cause, but each cause has its own remedy, so the hint
/// must point at that one and not at a generic "check the server".
@Suite struct DatabaseErrorTests {
    private func mapped(_ cause: UnavailableCause) -> FolioError {
        FolioError.from(PersistenceError.unavailable("db.home:5432: the reason", cause: cause))
    }

    @Test(arguments: [UnavailableCause.unreachable, .login, .unknownDatabase, .tls, .conflicts])
    func everyCauseExits69KeepingTheReason(_ cause: UnavailableCause) {
        let error = mapped(cause)
        #expect(error.exitCode == 69)
        #expect(error.why == "db.home:5432: the reason")
        #expect(error.hint != nil)
    }

    @Test func aServerThatDoesNotAnswerIsToBeStarted() throws {
        let error = mapped(.unreachable)
        #expect(error.what == "cannot reach the database")
        #expect(try #require(error.hint).contains("server is running"))
    }

    @Test func aRefusedLoginPointsAtTheUserAndPasswordInTheURL() throws {
        let hint = try #require(mapped(.login).hint)
        #expect(hint.contains("user and password in the database URL"))
        #expect(!hint.contains("server is running"))
    }

    @Test func anUnknownDatabaseIsToBeCreated() throws {
        let hint = try #require(mapped(.unknownDatabase).hint)
        #expect(hint.contains("createdb"))
    }

    @Test func tlsRequiredButNotOfferedNamesSSLMode() throws {
        let hint = try #require(mapped(.tls).hint)
        #expect(hint.contains("sslmode="))
    }

    @Test func exhaustedConflictsSayTheDatabaseWasBusyNotUnreachable() throws {
        let error = mapped(.conflicts)
        #expect(error.what == "the database is too busy to take the change")
        #expect(try #require(error.hint).contains("run the command again"))
    }

    @Test func anUnavailableDatabaseIsUnreachableUnlessACauseIsGiven() {
        #expect(PersistenceError.unavailable("x") == .unavailable("x", cause: .unreachable))
    }
}
