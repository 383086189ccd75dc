import Failures
import Foundation
import Networking
import Settings

/// The errors whose exit code must be the same in every feature (the table in `docs/EXIT_CODES.md`).
/// Features build these rather than their own, so the same mistake gets the same code and words everywhere.
extension FolioError {
    /// A destructive command with no `--yes` and no terminal to ask on: exit 1, nothing changed.
    public static func confirmationNeeded(action: String) -> FolioError {
        FolioError(
            .refused, "not \(action) without confirmation", why: "standard input is not a terminal to ask on",
            hint: "pass --yes to confirm")
    }

    /// An input file that is missing, a folder, or unreadable: exit 66.
    /// - Parameters:
    ///   - path: The path as the user gave it.
    ///   - reason: Why, e.g. `no such file`, `permission denied`.
    public static func unreadableInput(_ path: String, reason: String, hint: String? = nil) -> FolioError {
        FolioError(.noInput, "cannot read \(path)", why: reason, hint: hint)
    }

    /// A service at a configured URL answered 404: the URL is wrong, a configuration problem (exit 64), not
    /// an outage (69).
    /// - Parameters:
    ///   - url: The URL that was requested.
    ///   - source: Where the base URL came from (``Configuration/source(of:)``).
    public static func configuredURLNotFound(_ url: URL, source: ConfigurationSource) -> FolioError {
        FolioError(
            .usage, "\(url.absoluteString) answered 404 Not Found",
            why: "the service URL set by \(source) looks wrong",
            hint: source.isDefault ? nil : "check \(source.setting)")
    }

    /// Maps an error from a request to a configured service: a 404 is ``configuredURLNotFound(_:source:)``,
    /// anything else as ``from(_:)``.
    public static func from(
        _ error: any Error, configuredBy key: ConfigKey, in configuration: Configuration
    ) -> FolioError {
        if case NetworkError.status(404, let url, _, _)? = error as? NetworkError {
            return configuredURLNotFound(url, source: configuration.source(of: key))
        }
        return from(error)
    }
}
