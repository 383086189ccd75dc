import Foundation
import NIOCore
import NIOPosix
import Persistence
import PostgresNIO

/// A serialisation failure or deadlock: the transaction was rolled back whole and may simply run again.
struct SerializationConflict: Error {
    let reason: String
}

/// Turns what PostgresNIO and SwiftNIO throw into ``PersistenceError``: a lost or refused connection becomes
/// ``PersistenceError/unavailable(_:)`` with a reason a person can act on, a conflict becomes
/// ``SerializationConflict`` for the retry loop, anything else a storage failure with the server's message.
/// PostgresNIO's own descriptions are deliberately vague; the server's fields and the error codes are not, and
/// none of them holds the password.
enum PostgresFailure {
    static func map(_ error: any Error, location: PostgresLocation) -> any Error {
        switch error {
        case let error as PSQLError:
            return map(error, location: location)
        case is NIOThreadPoolError.ThreadPoolInactive, is PostgresStoreClosed:
            return PersistenceError.storage("the PostgreSQL store was closed")
        case is IOError, is NIOConnectionError, is ChannelError:
            return PersistenceError.unavailable("\(location.endpoint): \(describe(error))")
        default:
            // A transaction body's own errors go back to its caller as they were thrown.
            return error
        }
    }

    private static func map(_ error: PSQLError, location: PostgresLocation) -> any Error {
        let server = location.endpoint
        switch error.code {
        case .server:
            return map(
                state: error.serverInfo?[.sqlState] ?? "",
                message: error.serverInfo?[.message] ?? "the server refused the request", location: location)
        case .sslUnsupported:
            return PersistenceError.unavailable(
                "\(server) does not offer TLS, which sslmode=\(location.sslMode.rawValue) requires", cause: .tls)
        case .connectionError:
            let why = error.underlying.map(describe) ?? "the connection failed"
            return PersistenceError.unavailable("\(server): \(why)")
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return PersistenceError.unavailable("\(server): \(lostConnection)")
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return PersistenceError.unavailable("\(server): TLS could not be set up", cause: .tls)
        case .authMechanismRequiresPassword:
            return PersistenceError.unavailable(
                "\(server) asks \"\(location.user)\" for a password and the database URL gives none", cause: .login)
        case .unsupportedAuthMechanism:
            return PersistenceError.unavailable(
                "\(server) asks \"\(location.user)\" to log in in a way Folio does not support", cause: .login)
        case .saslError:
            return PersistenceError.unavailable(
                "\(server) did not complete the password exchange with \"\(location.user)\"", cause: .login)
        default:
            return PersistenceError.storage("PostgreSQL: \(error.code)")
        }
    }

    /// An error the server answered with, by its SQLSTATE: separate from the PSQLError it comes in, which only
    /// PostgresNIO can build, so that the mapping of each state can be tested without making a server fail so.
    static func map(state: String, message: String, location: PostgresLocation) -> any Error {
        let server = location.endpoint
        switch state {
        case "40001", "40P01":
            return SerializationConflict(reason: message)
        case "28P01", "28000":
            return PersistenceError.unavailable(
                "\(server) refused the login of \"\(location.user)\": \(message)", cause: .login)
        case "3D000":
            return PersistenceError.unavailable(
                "\(server) has no database \"\(location.database)\": \(message)", cause: .unknownDatabase)
        case "57P01", "57P02":
            // admin_shutdown, crash_shutdown: the server ending the session as it stops; a lost connection.
            return PersistenceError.unavailable("\(server): \(lostConnection): \(message)")
        case let state where state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300":
            return PersistenceError.unavailable("\(server): \(message)")
        default:
            return PersistenceError.storage("PostgreSQL: \(message) (SQLSTATE \(state))")
        }
    }

    /// What every lost connection says, whichever layer noticed it first.
    static let lostConnection = "the server closed the connection (it stopped or restarted)"

    /// Whether the server refused the connection because it is still starting up or recovering (SQLSTATE
    /// 57P03): worth waiting for, unlike a server that is down.
    static func isStartingUp(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.sqlState] == startingUp
    }

    /// Whether a connection attempt ran out of its connect timeout, which covers the login as well as the socket:
    /// the server did not refuse, it was slow or out of reach, and the attempt cannot tell which.
    static func ranOutOfTime(_ error: any Error) -> Bool {
        let cause = (error as? PSQLError)?.underlying ?? error
        if case ChannelError.connectTimeout = cause { return true }
        return false
    }

    /// SQLSTATE `cannot_connect_now`: "the database system is starting up" (or "… is in recovery mode").
    static let startingUp = "57P03"

    /// A short reason for a socket-level failure.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError:
            return describe(errno: error.errnoCode)
        case let error as NIOConnectionError:
            if let refused = error.connectionErrors.first?.error { return describe(refused) }
            if error.dnsAAAAError != nil || error.dnsAError != nil { return "the host name could not be resolved" }
            return "could not connect"
        case ChannelError.ioOnClosedChannel, ChannelError.eof, ChannelError.alreadyClosed,
            ChannelError.outputClosed, ChannelError.inputClosed:
            return lostConnection
        case ChannelError.connectTimeout(let limit):
            return "no answer within \(Duration.nanoseconds(limit.nanoseconds)) (the server is busy, or out of reach)"
        case is ChannelError:
            return "the connection failed"
        default:
            return "\(error)"
        }
    }

    /// A socket call's failure in the words of the other cases: never the call's name (`read(descriptor:…)`),
    /// which says nothing to the person running the command.
    static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: return "connection refused (is the server running?)"
        case ECONNRESET, EPIPE, ECONNABORTED, ENOTCONN, ESHUTDOWN: return lostConnection
        case ETIMEDOUT: return "the connection timed out"
        case EHOSTUNREACH, ENETUNREACH: return "no route to the host"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
