import Failures
import Foundation
import Networking
import Persistence

/// How the kernels' errors reach the user: each maps to a ``FolioError`` whose kind fixes the exit code and the
/// HTTP status. A domain that throws ``FolioError`` itself keeps its error as it is.
extension FolioError {
    /// Maps any error to what the user sees, keeping a ``FolioError`` as it is.
    public static func from(_ error: any Error) -> FolioError {
        switch error {
        case let error as FolioError:
            return error
        case let error as NetworkError:
            return from(network: error)
        case PersistenceError.unavailable(let reason, let cause):
            return from(database: reason, cause: cause)
        case let error as StorageFileError:
            return from(storage: error)
        case let error as PersistenceError:
            return FolioError(.internal, "local data could not be used", why: error.description)
        case is CancellationError:
            return FolioError(.internal, "cancelled")
        case let error as DecodingError:
            return FolioError(.dataError, "could not read the data", why: "\(error.jsonPath): \(error.reason)")
        default:
            return FolioError(.internal, "unexpected failure", why: "\(error)")
        }
    }

    /// A database server that could not be used: exit 69 whatever the cause, since nothing was stored and the
    /// command works once the server, the URL or the contention is put right; the hint names what to put right.
    private static func from(database reason: String, cause: UnavailableCause) -> FolioError {
        let settings = "--database-url, FOLIO_DATABASE_URL or database.url in config.json"
        let hint: String
        switch cause {
        case .unreachable:
            hint =
                "check that the PostgreSQL server is running and accepts connections on that host and port, "
                + "and that the database URL (\(settings)) names it"
        case .login:
            hint =
                "check the user and password in the database URL (postgres://USER:PASSWORD@host:5432/database, "
                + "from \(settings)), and that the role exists on the server (createuser --pwprompt USER)"
        case .unknownDatabase:
            hint =
                "create it on the server (createdb --owner USER DATABASE), or correct the database name at the "
                + "end of the database URL"
        case .tls:
            hint =
                "turn on ssl in the server's postgresql.conf, or, on a network you trust, put sslmode=disable "
                + "(or prefer) in the database URL"
        case .conflicts:
            return FolioError(
                .unavailable, "the database is too busy to take the change", why: reason,
                hint: "other machines were changing the same records at the same moment; run the command again")
        }
        return FolioError(.unavailable, "cannot reach the database", why: reason, hint: hint)
    }

    /// The store's file refused: the path, the real cause, a hint, and the code for the kind of trouble.
    private static func from(storage error: StorageFileError) -> FolioError {
        let kind: Kind
        switch error.problem {
        case .permissionDenied, .readOnly: kind = .noPermission
        case .folderIsAFile: kind = .usage
        case .damaged: kind = .dataError
        }
        return FolioError(kind, "cannot use \(error.path)", why: error.cause, hint: error.hint)
    }

    private static func from(network error: NetworkError) -> FolioError {
        switch error {
        case .decoding:
            return FolioError(.dataError, "the service sent data folio cannot read", why: error.description)
        case .status(let code, _, _, _) where !error.isTransient && code != 404:
            return FolioError(.refused, "the service refused the request", why: error.description)
        case .status(404, _, _, _):
            return FolioError(.notFound, "not found", why: error.description)
        default:
            return FolioError(
                .unavailable, "the service is unavailable", why: error.description,
                hint: "check the connection, or run with --offline to use cached data")
        }
    }
}
