import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Logging
import Persistence
import Settings

/// `folio serve`'s operator side: the settings it reads, the metrics and health it builds, and the environment
/// rewired so that every store and HTTP client the pages use is observed by them.
enum ServeOperations {
    /// Whether one line per request is logged: `web.accessLog` (`true`/`false`); `-v` turns it on too.
    static let accessLogKey = ConfigKey("web.accessLog", environment: "FOLIO_WEB_ACCESS_LOG", default: "false")
    /// How long requests in flight may take to finish after SIGTERM or Ctrl-C: `web.drainDeadline`.
    static let drainDeadlineKey = ConfigKey(
        "web.drainDeadline", environment: "FOLIO_WEB_DRAIN_DEADLINE", default: "10s")
    /// Where the CSRF secret lives in the `web` namespace: shared by every server on one database, kept across
    /// restarts, so a form opened before a restart (or served by another server) is still accepted.
    static let csrfSecretKey = "server/csrf-secret"

    /// The log level of `folio serve`: `--log-level`, else info with `-v`, else warning.
    static func level(flag: String?, verbose: Bool) throws -> Logger.Level {
        guard let flag else { return verbose ? .info : .warning }
        guard let level = Logger.Level(rawValue: flag.lowercased()) else {
            throw FolioError(
                .usage, "--log-level is not a log level",
                why: "\"\(flag)\" should be one of "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return level
    }

    /// A logger to stderr at `level`.
    static func logger(label: String, level: Logger.Level) -> Logger {
        Logger(label: label) { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    static func accessLogEnabled(_ configuration: Configuration, verbose: Bool) throws -> Bool {
        let enabled = try configuration.value(
            accessLogKey, isNot: "true or false", expected: "should be true or false", parse: { Bool($0.lowercased()) })
        return verbose || enabled == true
    }

    static func drainDeadline(_ configuration: Configuration) throws -> Duration {
        try configuration.duration(drainDeadlineKey) ?? .seconds(10)
    }

    /// `environment` with each feature's store and HTTP client, and the sessions' store, observed.
    static func observed(
        _ environment: WebEnvironment, operations: ServerOperations, sessionStore: any KeyValueStore,
        now: @escaping @Sendable () -> Date
    ) -> WebEnvironment {
        var environment = environment
        environment.contexts = environment.contexts.mapValues { context in
            var context = context
            context.store = operations.observe(context.store)
            context.http = ObservedHTTPClient(context.http, health: operations.upstreams, metrics: operations.metrics)
            return context
        }
        environment.sessions = BrowserSessions(
            store: operations.observe(sessionStore), lifetime: environment.sessions.lifetime, now: now)
        return environment
    }

    /// The CSRF secret stored in `store`, created by the first server that needs one (one write transaction, so
    /// two servers starting together agree on one).
    static func csrfSecret(in store: any KeyValueStore) async throws -> String {
        try await store.write { transaction in
            if let existing = try transaction.get(String.self, csrfSecretKey) { return existing.value }
            let secret = Secrets.randomToken()
            try transaction.put(csrfSecretKey, secret)
            return secret
        }
    }
}
