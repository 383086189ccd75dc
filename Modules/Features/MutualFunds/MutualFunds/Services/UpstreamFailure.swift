import Failures
import Foundation
import Networking

/// A failed MF API request said in a user's words: what went wrong, without the URL or the body the API sent,
/// which belong in the `-v` log (``FundsService``'s `diagnostics`), not on a page or in a JSON refusal.
struct UpstreamFailure: Error, Sendable, CustomStringConvertible {
    /// The transport's own error, kept for its kind.
    var cause: NetworkError

    /// Whether a later attempt might succeed, so a stale copy may stand in (timeouts, 429, 5xx).
    var isTransient: Bool { cause.isTransient }

    var description: String {
        switch cause {
        case .timedOut, .noAnswer: "the MF API did not answer in time"
        case .connectionFailed: "the MF API could not be reached"
        case .truncatedBody: "the MF API's answer was cut off"
        case .status(let code, _, _, _) where code == 429: "the MF API is busy (too many requests)"
        case .status(let code, _, _, _) where code >= 500: "the MF API failed (HTTP \(code))"
        case .status(let code, _, _, _): "the MF API refused the request (HTTP \(code))"
        case .decoding: "the MF API sent data folio cannot read"
        }
    }

    /// Whether `error` may be answered with the stale copy: the rule handed to ``Caching/CachedFetch``.
    static func fallsBack(_ error: any Error) -> Bool {
        (error as? UpstreamFailure)?.isTransient ?? false
    }

    /// Runs `body`, turning a transport error into an ``UpstreamFailure`` after handing its full description
    /// (URL, status, body) to `diagnostics`.
    static func wording<T>(
        _ diagnostics: @Sendable (String) -> Void, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as NetworkError {
            diagnostics(error.description)
            throw UpstreamFailure(cause: error)
        }
    }
}

extension FolioError {
    /// What a failure behind a funds use case means to the user, with the kind its status follows from.
    package static func funds(_ error: any Error) -> FolioError {
        switch error {
        case let error as FolioError:
            return error
        case let error as MFAPIError:
            return funds(error)
        case let failure as AMFIFailure:
            if let format = failure.format {
                return FolioError(.dataError, "AMFI's NAV file cannot be read", why: format.description)
            }
            return FolioError(
                .unavailable, "AMFI's NAV file is unavailable", why: failure.description, hint: "try again later")
        case let failure as UpstreamFailure:
            switch failure.cause {
            case .decoding:
                return FolioError(
                    .dataError, "the MF API sent data folio cannot read",
                    hint: "try again later; the details are in the debug log")
            case .status(404, _, _, _):
                return FolioError(
                    .usage, "the MF API address has no scheme list", why: "it answered 404 Not Found",
                    hint: "check the MF API address in the settings")
            case .status where !failure.isTransient:
                return FolioError(.refused, "the MF API refused the request", why: failure.description)
            default:
                return FolioError(
                    .unavailable, "the MF API is unavailable", why: failure.description, hint: "try again later")
            }
        default:
            return FolioError(.internal, "the funds service failed", why: String(describing: error))
        }
    }

    /// The API's answers about one scheme.
    static func funds(_ error: MFAPIError) -> FolioError {
        switch error {
        case .noSuchScheme(let code):
            FolioError(
                .notFound, "no such scheme \(code)", why: "the MF API has no NAVs for it",
                hint: "find scheme codes by searching for words of the name", field: "code")
        case .rejected(let code, let reason):
            FolioError(.invalid, "scheme code \(code) was refused", why: "the MF API said: \(reason)", field: "code")
        case .noUsableNAVs(let code, let skipped):
            FolioError(
                .dataError, "scheme \(code) has no usable NAVs",
                why: "all \(skipped) rows the MF API sent were malformed")
        }
    }
}
