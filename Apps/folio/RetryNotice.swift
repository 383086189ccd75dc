import FeatureKit
import Foundation
import Networking

/// What the user sees while a request is retried: on a terminal, one line on stderr per wait, so a slow
/// service is never a silent pause; in a pipe nothing (the final error says it all), and with `-v` the
/// failure behind each retry in the log.
enum RetryNotice {
    /// `retrying in 2 s (attempt 2 of 4)…`
    static func text(for event: RetryEvent) -> String {
        "retrying in \(event.delay.spacedSecondsText) (attempt \(event.failedAttempt + 1) of \(event.maxAttempts))…"
    }

    /// The retrying client's `onRetry` for a command run on `terminal`.
    /// - Parameter debug: Where the detail goes (the feature's logger at debug level).
    static func reporter(
        terminal: any Terminal, debug: @escaping @Sendable (String) -> Void
    ) -> @Sendable (RetryEvent) -> Void {
        { event in
            debug(
                "retrying \(event.request.url.absoluteString) in \(event.delay) after attempt \(event.failedAttempt): \(event.failure)"
            )
            if terminal.errorIsInteractive { terminal.printError(text(for: event)) }
        }
    }
}
