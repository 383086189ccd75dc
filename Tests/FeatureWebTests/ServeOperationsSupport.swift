import FeatureKit
import FeatureKitTesting
import FeatureWeb
import Foundation
import Hummingbird
import Logging
import Persistence
import Synchronization
import Timing
import TimingTesting

/// A store that can be switched off like a stopped database server: while down every transaction throws what
/// the PostgreSQL backend throws for a refused connection.
final class SwitchableStore: KeyValueStore {
    let base = InMemoryDatabase().store(namespace: "ops")
    private let down = Mutex(false)
    private let attempts = Mutex(0)

    var namespace: String { base.namespace }
    /// Transactions that reached this store (fail-fast answers never do).
    var reached: Int { attempts.withLock { $0 } }

    func set(down value: Bool) { down.withLock { $0 = value } }

    private func guarded<R>(_ body: () async throws -> R) async throws -> R {
        attempts.withLock { $0 += 1 }
        if down.withLock({ $0 }) { throw PersistenceError.unavailable("db.example:5432: connection refused") }
        return try await body()
    }

    func read<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await guarded { try await base.read(body) }
    }
    func write<R: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> R) async throws -> R {
        try await guarded { try await base.write(body) }
    }
    func schemaVersion() async throws -> Int { try await guarded { try await base.schemaVersion() } }
    func migrate(_ migrations: [Migration]) async throws { try await guarded { try await base.migrate(migrations) } }
}

/// Log lines kept for a test to read.
final class CapturedLog: Sendable {
    let lines = Mutex<[(level: Logger.Level, message: String, metadata: [String: String])]>([])

    var logger: Logger {
        Logger(label: "test") { _ in CapturingHandler(log: self) }
    }

    func messages(at level: Logger.Level) -> [String] {
        lines.withLock { $0.filter { $0.level == level }.map(\.message) }
    }
}

struct CapturingHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).mapValues { "\($0)" }
        log.lines.withLock { $0.append((event.level, "\(event.message)", fields)) }
    }
}

/// A feature whose pages use the store the way real ones do: a list read, a form that writes, an API read, and a
/// page behind a login that reads the session.
let itemsFeature = WebFeature(
    id: "items", navigation: NavigationEntry(title: "Items", path: "/items"), openAPIPaths: [:],
    dashboard: { _, _ in DashboardCard(title: "Items", body: .empty) },
    routes: { router, environment in
        let store: @Sendable () -> any KeyValueStore = { environment.featureContext!.store }
        router.get("/items") { request, context in
            do {
                let count = try await store().scan(String.self, .all).count
                return environment.page("Items", request: request, context: context, content: "<p>\(count) items</p>")
            } catch {
                // What a page behind a login does when the session cannot be read: what the issue saw.
                return WebResponses.redirect(to: "/items/login")
            }
        }
        router.post("/items") { request, context in
            let form = try await FormData.read(request, context: context)
            try await store().put("item/\(form["name"] ?? "")", form["name"] ?? "")
            return WebResponses.redirect(to: "/items")
        }
        router.get("/api/items") { _, _ in
            WebResponses.json(encoding: try await store().scan(String.self, .all).map(\.value))
        }
        router.get("/items/{code}") { _, context in
            WebResponses.json(encoding: [context.parameters.get("code") ?? ""])
        }
    })

struct OperationsHarness {
    let store = SwitchableStore()
    let clock = ManualClock()
    let log = CapturedLog()
    let access = CapturedLog()
    let operations: ServerOperations

    init() {
        let metrics = ServerMetrics()
        let clock = clock
        operations = ServerOperations(
            metrics: metrics,
            store: StoreHealth(logger: log.logger, metrics: metrics, sleep: { try await clock.sleep(for: $0) }),
            upstreams: UpstreamHealth(logger: log.logger), accessLog: access.logger, probeStore: store)
    }

    func application(token: String? = nil) -> some ApplicationProtocol {
        let timing = Timing.test()
        let context = FeatureContext.test(featureID: "items", store: operations.observe(store), timing: timing)
        let environment = WebEnvironment(
            contexts: ["items": context], layout: Layout(navigation: [itemsFeature.navigation]),
            ticker: Ticker(clock: timing.clock), timing: timing, sessions: BrowserSessions(now: { timing.now() }))
        let router = WebServer.router(
            features: [itemsFeature], environment: environment,
            configuration: WebServerConfiguration(token: token, secret: testSecret), operations: operations)
        return Application(router: router)
    }
}
