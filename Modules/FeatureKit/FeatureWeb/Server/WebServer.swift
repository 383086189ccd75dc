import FeatureKit
import Foundation
import Hummingbird
import Logging
import NIOCore
import Timing

/// Where and how `folio serve` listens.
public struct WebServerConfiguration: Sendable {
    /// The address to bind (loopback by default).
    public var host: String
    /// The port; 0 asks the system for a free one.
    public var port: Int
    /// The access token required on every request (always set for a non-loopback host).
    public var token: String?
    /// The secret for CSRF tokens: random per process unless the host reads it from the store (`folio serve`
    /// does, so that open forms survive a restart and every server on one database accepts them).
    public var secret: String

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, secret: String = Secrets.randomToken()
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.secret = secret
    }

    /// Whether `host` is a loopback address.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// Puts the server together: the security middleware, the shared assets, the dashboard, the OpenAPI
/// document and each feature's routes.
public enum WebServer {
    /// The router with every route and middleware; with `operations`, also `/healthz`, `/metrics`, the
    /// request record (metrics and access log) and the 503s of a store outage.
    public static func router(
        features: [WebFeature], environment: WebEnvironment, configuration: WebServerConfiguration,
        operations: ServerOperations? = nil
    ) -> Router<WebRequestContext> {
        // HEAD is answered wherever GET is, with GET's headers and no body (RFC 9110 §9.3.2).
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        let table = RouteTable()
        // Outermost, so that every answer is counted, refusals by the security middleware included.
        if let operations { router.add(middleware: RequestRecordMiddleware(operations: operations)) }
        // Outside everything that writes a body, so error pages are compressed too; the record counts the answer
        // whatever its encoding.
        router.add(middleware: CompressionMiddleware())
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorPageMiddleware(layout: environment.layout))
        router.add(middleware: HostCheckMiddleware(policy: HostPolicy(boundHost: configuration.host)))
        if let token = configuration.token {
            router.add(middleware: AccessTokenMiddleware(token: token, exemptsLoopbackProbes: operations != nil))
        }
        router.add(middleware: MethodNotAllowedMiddleware(table: table))
        router.add(middleware: OriginCheckMiddleware())
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: FlashMiddleware())
        router.add(middleware: CSRFMiddleware(secret: configuration.secret))
        router.add(
            middleware: FormOnceMiddleware(
                replays: FormReplays(
                    store: environment.sessions.driver.store, now: { [timing = environment.timing] in timing.now() }),
                layout: environment.layout, storeIsDown: { operations?.store.isDown ?? false },
                page: { table.page(above: $0) }))
        router.add(middleware: SharedSnapshotMiddleware())
        if let operations {
            router.add(middleware: OutageMiddleware(operations: operations, layout: environment.layout))
            ProbeRoutes.add(to: router, operations: operations)
        }
        AssetRoutes.add(to: router)
        // The dashboard shows a logged-in browser's portfolio card, so it reads the session.
        environment.sessions.routes(router).get("/") { request, context in
            await Dashboard.page(features: features, environment: environment, request: request, context: context)
        }
        if let overview = environment.overview {
            router.get("/api/overview") { request, _ in await OverviewWeb.api(request, overview: overview) }
        }
        let openAPI = OpenAPIDocument.json(
            features: features,
            hostPaths: environment.overview == nil ? [:] : ["/api/overview": OverviewWeb.openAPIPath])
        router.get("/api/openapi.json") { _, _ in WebResponses.json(openAPI) }
        for feature in features { feature.routes(router, environment.scoped(to: feature.id)) }
        table.fill(from: router)
        return router
    }

    /// The application bound as configured; `onRunning` receives the real port once it listens.
    public static func application(
        router: Router<WebRequestContext>, configuration: WebServerConfiguration, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Folio"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}
