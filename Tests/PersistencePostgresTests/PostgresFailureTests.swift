import Foundation
import Persistence
import Testing

@testable import PersistencePostgres

/// The server's refusals, by SQLSTATE, mapped without a server: a wrong password cannot be provoked on the test
/// cluster (it trusts every login), yet it is the likeliest mistake in a database URL.
@Suite struct PostgresFailureTests {
    let location: PostgresLocation

    init() throws {
        location = try PostgresLocation(parsing: "postgres://folio:hunter2@db.home:5432/household")
    }

    private func cause(_ state: String) -> UnavailableCause? {
        guard
            case .unavailable(let reason, let cause)? =
                PostgresFailure.map(state: state, message: "the server's words", location: location)
                as? PersistenceError
        else { return nil }
        #expect(!reason.contains("hunter2"))
        #expect(reason.contains("db.home:5432"), "\(reason)")
        return cause
    }

    @Test func aWrongPasswordOrRoleIsALoginFailure() {
        #expect(cause("28P01") == .login)
        #expect(cause("28000") == .login)
    }

    @Test func anUnknownDatabaseIsNamedAsSuch() {
        #expect(cause("3D000") == .unknownDatabase)
    }

    @Test func aConnectionLostOrAServerShuttingDownIsUnreachable() {
        #expect(cause("08006") == .unreachable)
        #expect(cause("57P01") == .unreachable)
        #expect(cause("53300") == .unreachable)
    }

    @Test func aSerialisationFailureOrDeadlockIsAConflictToRetry() {
        #expect(PostgresFailure.map(state: "40001", message: "x", location: location) is SerializationConflict)
        #expect(PostgresFailure.map(state: "40P01", message: "x", location: location) is SerializationConflict)
    }

    @Test func anyOtherStateIsAStorageFailureWithTheServersWords() {
        let error = PostgresFailure.map(state: "42P01", message: "relation does not exist", location: location)
        #expect(error as? PersistenceError == .storage("PostgreSQL: relation does not exist (SQLSTATE 42P01)"))
    }

    /// Issue 25.8: a reset during a restart printed `read(descriptor:pointer:size:): Connection reset by peer
    /// (errno: 104)`; it is the same lost connection as the others, in the same words.
    @Test func aResetOrBrokenPipeIsALostConnectionInTheSameWordsAsTheOthers() {
        for code in [ECONNRESET, EPIPE, ECONNABORTED] {
            #expect(PostgresFailure.describe(errno: code) == PostgresFailure.lostConnection)
        }
        // The server's own goodbye as it stops says the same, with its words after.
        let shutdown = PostgresFailure.map(state: "57P01", message: "terminating connection", location: location)
        #expect("\(shutdown)".contains("db.home:5432: \(PostgresFailure.lostConnection): terminating connection"))
        for code in [EIO, ETIMEDOUT, EHOSTUNREACH, ENOBUFS] {
            let words = PostgresFailure.describe(errno: code)
            #expect(!words.contains("errno") && !words.contains("(") && !words.isEmpty, "\(words)")
        }
    }

    @Test func anIPv6ServerIsNamedWithItsBrackets() throws {
        let location = try PostgresLocation(parsing: "postgres://folio@[::1]:5432/folio")
        guard
            case .unavailable(let reason, _)? =
                PostgresFailure.map(state: "57P01", message: "terminating", location: location) as? PersistenceError
        else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.hasPrefix("[::1]:5432: "), "\(reason)")
    }
}
