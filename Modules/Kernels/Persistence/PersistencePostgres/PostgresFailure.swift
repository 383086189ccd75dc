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
        case is NIOThreadPoolError.ThreadPoolInactive, is PostgresPoolClosed:
            return PersistenceError.storage("the PostgreSQL store was closed")
        case is IOError, is NIOConnectionError, is ChannelError:
            return PersistenceError.unavailable("\(location.host):\(location.port): \(describe(error))")
        default:
            // A transaction body's own errors go back to its caller as they were thrown.
            return error
        }
    }

    private static func map(_ error: PSQLError, location: PostgresLocation) -> any Error {
        let server = "\(location.host):\(location.port)"
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
            return PersistenceError.unavailable("\(server) closed the connection (the server stopped or restarted)")
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return PersistenceError.unavailable("\(server): TLS could not be set up", cause: .tls)
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return PersistenceError.unavailable(
                "\(server) asked \"\(location.user)\" for a password it could not give (\(error.code))",
                cause: .login)
        default:
            return PersistenceError.storage("PostgreSQL: \(error.code)")
        }
    }

    /// An error the server answered with, by its SQLSTATE: separate from the PSQLError it comes in, which only
    /// PostgresNIO can build, so that the mapping of each state can be tested without making a server fail so.
    static func map(state: String, message: String, location: PostgresLocation) -> any Error {
        let server = "\(location.host):\(location.port)"
        switch state {
        case "40001", "40P01":
            return SerializationConflict(reason: message)
        case "28P01", "28000":
            return PersistenceError.unavailable(
                "\(server) refused the login of \"\(location.user)\": \(message)", cause: .login)
        case "3D000":
            return PersistenceError.unavailable(
                "\(server) has no database \"\(location.database)\": \(message)", cause: .unknownDatabase)
        case let state where state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300":
            return PersistenceError.unavailable("\(server): \(message)")
        default:
            return PersistenceError.storage("PostgreSQL: \(message) (SQLSTATE \(state))")
        }
    }

    /// A short reason for a socket-level failure.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError:
            if error.errnoCode == ECONNREFUSED { return "connection refused (is the server running?)" }
            return "\(error)"
        case let error as NIOConnectionError:
            if let refused = error.connectionErrors.first?.error { return describe(refused) }
            if error.dnsAAAAError != nil || error.dnsAError != nil { return "the host name could not be resolved" }
            return "could not connect"
        case ChannelError.ioOnClosedChannel:
            return "the server closed the connection (it stopped or restarted)"
        case is ChannelError:
            return "the connection was lost (\(error))"
        default:
            return "\(error)"
        }
    }
}
