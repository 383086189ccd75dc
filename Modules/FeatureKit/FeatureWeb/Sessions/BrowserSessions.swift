import Foundation
import Hummingbird
import HummingbirdAuth
import Persistence

/// Logged-in browsers, through hummingbird-auth's session middleware on a ``StorePersistDriver``: the session id
/// is 256 random bits in an HttpOnly, SameSite=Strict cookie (`folio_session`, Path=/), and the store keeps only its
/// SHA-256. Sessions live in a store of the Persistence kernel (the host passes the `web` namespace of its
/// database), so a login survives a restart and servers on one PostgreSQL database share it; they expire after
/// ``lifetime`` of the injected wall clock.
///
/// Only the routes that read or start a session are added through ``routes(_:)``: no other response ever sets this cookie.
public struct BrowserSessions: Sendable {
    /// The session cookie's name.
    public static let cookieName = "folio_session"
    /// The key prefix hummingbird-auth puts before the id (the driver stores its digest).
    static let keyPrefix = "session/"
    /// How long a session lasts.
    public let lifetime: Duration
    /// Where sessions are kept.
    public let driver: StorePersistDriver

    /// Sessions kept in `store` (in memory by default: sessions then end with the process), expiring by `now`.
    public init(
        store: any KeyValueStore = InMemoryDatabase().store(namespace: "web"), lifetime: Duration = .seconds(8 * 3600),
        now: @escaping @Sendable () -> Date
    ) {
        self.lifetime = lifetime
        driver = StorePersistDriver(store: store, now: now)
    }

    /// The middleware that loads the browser's session into ``WebRequestContext/sessions`` and, after the handler,
    /// stores a new one (setting the cookie) or deletes an ended one (expiring the cookie). The server has no TLS
    /// of its own, so the cookie is not marked Secure: a browser would then never send it back over plain HTTP.
    public var middleware: SessionMiddleware<WebRequestContext> {
        SessionMiddleware(
            storage: driver,
            configuration: SessionMiddlewareConfiguration(
                sessionCookieParameters: SessionCookieParameters(
                    name: Self.cookieName, path: "/", secure: false, sameSite: .strict),
                keyPrefix: Self.keyPrefix, defaultSessionExpiration: lifetime))
    }

    /// A group of `router`'s routes that see the browser's session: the only routes that do.
    public func routes(_ router: Router<WebRequestContext>) -> RouterGroup<WebRequestContext> {
        router.group().add(middleware: middleware)
    }

    /// Logs the browser in as `session`, under a new id whatever id it came with (no session fixation); a session it
    /// already had is deleted, so its old cookie is worth nothing. The middleware stores it and sets the cookie.
    public func start(_ session: BrowserSession, request: Request, context: WebRequestContext) async throws {
        if context.sessions.session != nil, let id = request.cookies[Self.cookieName]?.value {
            try await driver.remove(key: Self.keyPrefix + id)
        }
        context.sessions.createSession(session, expiresIn: lifetime)
    }

    /// Logs the browser out: the middleware deletes the session from the store and expires the cookie.
    public func end(context: WebRequestContext) {
        context.sessions.clearSession()
    }
}
