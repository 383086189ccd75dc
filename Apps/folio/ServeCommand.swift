import AlertRules
import Alerting
import ArgumentParser
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Settings
import Timing
import UnixSignals

/// `folio serve`: the web dashboard over the same feature commands, on this machine.
struct ServeCommand: HostCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web dashboard for every feature (loopback only by default).",
        discussion: """
            The first line on stdout is "Folio is serving on http://HOST:PORT" with the real port. Ctrl-C or \
            SIGTERM stops the server after the requests in flight. A --host other than loopback needs --token \
            (or a generated one, printed once); every request must then carry it.

            Examples:
              folio serve
              folio serve --port 0
              folio serve --host 0.0.0.0 --token "$(openssl rand -hex 16)"
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 = any free port).")
    var port = 8080

    @Option(help: "The access token required on every request (required for a non-loopback --host).")
    var token: String?

    @Option(help: ArgumentHelp("How often live boards are fetched again (e.g. 30s, 5s).", valueName: "duration"))
    var refresh = "30s"

    @Option(
        help: ArgumentHelp(
            "What the server logs to stderr: warning (the default: outages and failures), info (-v: also one line per request), debug.",
            valueName: "level"))
    var logLevel: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
        if let token, token.count < 16 { throw ValidationError("--token must be at least 16 characters.") }
        _ = try refreshInterval()
        if let logLevel, Logger.Level(rawValue: logLevel.lowercased()) == nil {
            throw ValidationError(
                "--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(logLevel)\"."
            )
        }
    }

    func refreshInterval() throws -> Duration {
        let text = refresh.trimmingCharacters(in: .whitespaces)
        let digits = text.hasSuffix("s") ? String(text.dropLast()) : text
        guard let seconds = Int(digits), seconds >= 1, seconds <= 3600 else {
            throw ValidationError("--refresh must be whole seconds from 1s to 3600s, not \"\(refresh)\".")
        }
        return .seconds(seconds)
    }

    func run(host environment: HostEnvironment) async throws {
        let generatedToken = WebServerConfiguration.isLoopback(host) || token != nil ? nil : Secrets.randomToken()
        let level = try ServeOperations.level(flag: logLevel, verbose: environment.verbose)
        let logger = ServeOperations.logger(label: "folio.serve", level: level)
        let accessLog =
            try ServeOperations.accessLogEnabled(environment.configuration, verbose: environment.verbose)
            ? ServeOperations.logger(label: "folio.access", level: .info) : nil
        let drainDeadline = try ServeOperations.drainDeadline(environment.configuration)
        let timing = environment.timing
        let sessionStore = try environment.database().store(
            namespace: "web", opened: environment.databases, home: environment.home, timing: timing)
        let metrics = ServerMetrics()
        environment.databases.observeConflicts { namespace in metrics.storeConflictRetried(namespace: namespace) }
        let operations = ServerOperations(
            metrics: metrics, store: StoreHealth(logger: logger, metrics: metrics, now: { timing.now() }),
            upstreams: UpstreamHealth(logger: logger, now: { timing.now() }), accessLog: accessLog,
            probeStore: sessionStore)
        let configuration = WebServerConfiguration(
            host: host, port: port, token: token ?? generatedToken,
            secret: try await ServeOperations.csrfSecret(in: operations.observe(sessionStore)))
        // The alerts' namespace is brought to its schema before the first page can list it.
        let alertsHost = try await AlertsHost.start(environment)
        let feed = AlertFeed()
        let newAlerts = NewAlerts()
        let web = ServeOperations.observed(
            try WebHost.environment(
                host: environment, refresh: try refreshInterval(),
                alerts: alertsHost.desk(feed: feed, newAlerts: newAlerts),
                alertStore: alertsHost.store),
            operations: operations, sessionStore: sessionStore, now: { timing.now() })
        let features = environment.enabledWebFeatures + [AlertsWeb.feature]
        let router = WebServer.router(
            features: features, environment: web, configuration: configuration, operations: operations)
        let terminal = environment.terminal
        let shownHosts = ServeAddresses.shown(for: host)
        let (boundAddress, bound) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        let application = WebServer.application(router: router, configuration: configuration, logger: logger) { port in
            // A webhook's links name the port the server was given, also for `--port 0`.
            bound.yield("http://\(shownHosts[0]):\(port)")
            bound.finish()
            // The first line names one address a browser can open; a wildcard bind lists every other one after it.
            terminal.print("Folio is serving on http://\(shownHosts[0]):\(port)")
            for other in shownHosts.dropFirst() { terminal.print("Also on http://\(other):\(port)") }
            if let generatedToken {
                terminal.print(
                    "Access token (shown once): \(generatedToken) — open "
                        + shownHosts.map { "http://\($0):\(port)/?token=\(generatedToken)" }.joined(separator: " or "))
            }
        }
        // The alerts are checked in the background at each kind's rate (one added on a page at the next tick), on
        // the pages' ticker, and stop with them.
        let alerts = ServedAlerts(
            alerts: alertsHost, ticker: web.ticker, feed: feed, newAlerts: newAlerts, served: boundAddress,
            metrics: metrics)
        var serviceConfiguration = ServiceGroupConfiguration(
            services: [
                application, alerts,
                BackgroundJobs(
                    jobs: features.flatMap { feature in feature.backgroundJobs.map { (feature.id, $0) } },
                    environment: web, clock: environment.timing.clock,
                    logger: logger, metrics: metrics),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Requests in flight get `web.drainDeadline` (10 s) to finish after Ctrl-C or SIGTERM; then they are
        // cancelled, so a stream that somehow outlives its shutdown handler cannot keep the process alive.
        serviceConfiguration.maximumGracefulShutdownDuration = drainDeadline
        let services = ServiceGroup(configuration: serviceConfiguration)
        // Off the CLI's single-thread executor: the server answers many requests at once.
        do {
            try await withTaskExecutorPreference(globalConcurrentExecutor) {
                try await services.run()
            }
        } catch {
            await environment.databases.close()
            throw error
        }
        // The pools close after the drain, never under a request still finishing.
        await environment.databases.close()
    }

    func run() async throws {
        throw FolioError(.internal, "folio serve runs through the host")
    }
}
