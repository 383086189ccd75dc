import Foundation
import Hummingbird
import Persistence
import Timing

/// Logged-in browsers: each session id is 256 random bits, given to the browser in an HttpOnly,
/// SameSite=Strict cookie and kept only as its SHA-256, so the store holds nothing a thief could replay. Sessions
/// live in a store of the Persistence kernel (the host passes the `web` namespace of the database), so a browser
/// login survives a restart of `folio serve`, and two servers on one PostgreSQL database share it. They expire after
/// ``lifetime`` of the injected wall clock (the store's own expiry).
public actor SessionStore {
    /// Who a session belongs to.
    public struct Record: Codable, Sendable, Equatable {
        /// The feature's user id.
        public var userID: String
        /// The user's email, for display.
        public var email: String
        /// When it stops being valid.
        public var expires: Date
        /// The feature's own record of the login (what its commands read as "logged in").
        public var payload: Data
    }

    /// The session cookie's name.
    public static let cookieName = "folio_session"
    /// How long a session lasts.
    public let lifetime: Duration
    private let now: @Sendable () -> Date
    private let store: any KeyValueStore
    private static let prefix = "session/"

    /// Creates a store of sessions over `store` (in memory by default: sessions then end with the process).
    public init(
        lifetime: Duration = .seconds(8 * 3600), store: any KeyValueStore = InMemoryDatabase().store(namespace: "web"),
        now: @escaping @Sendable () -> Date
    ) {
        self.lifetime = lifetime
        self.store = store
        self.now = now
    }

    /// Starts a session; returns the `Set-Cookie` value to send (the only place the raw id appears).
    /// - Throws: The store's error when the session cannot be recorded (the browser is then not logged in).
    public func start(userID: String, email: String, payload: Data = Data()) async throws -> String {
        let id = Secrets.randomToken()
        let seconds = Int(lifetime.components.seconds)
        let expires = now().addingTimeInterval(TimeInterval(seconds))
        let record = Record(userID: userID, email: email, expires: expires, payload: payload)
        try await store.put(Self.prefix + Secrets.digest(id), record, expiresAt: expires)
        return "\(Self.cookieName)=\(id); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Strict"
    }

    /// The live session for a cookie value, if any (expired ones are dropped; a store that cannot be read counts as
    /// no session, so the browser is asked to log in rather than shown an error).
    public func lookup(_ id: String?) async -> Record? {
        guard let id else { return nil }
        let key = Self.prefix + Secrets.digest(id)
        guard let record = try? await store.get(Record.self, key)?.value else { return nil }
        guard record.expires > now() else {
            try? await store.delete(key)
            return nil
        }
        return record
    }

    /// Ends a session; returns the `Set-Cookie` value that clears the cookie.
    public func end(_ id: String?) async -> String {
        if let id { try? await store.delete(Self.prefix + Secrets.digest(id)) }
        return "\(Self.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    }

    /// The number of stored sessions, expired ones not yet dropped included (for tests).
    public var count: Int {
        get async throws { try await storedKeys.count }
    }

    /// The stored keys without their prefix (for tests: they must not be the ids themselves).
    public var storedKeys: [String] {
        get async throws {
            let prefix = Self.prefix
            return try await store.read { transaction in
                try transaction.scan(.prefix(prefix), limit: nil, reverse: false).map { String($0.key.dropFirst(prefix.count)) }
            }
        }
    }
}

extension Request {
    /// The browser's session cookie value.
    public var sessionCookie: String? { cookies[SessionStore.cookieName]?.value }
}
