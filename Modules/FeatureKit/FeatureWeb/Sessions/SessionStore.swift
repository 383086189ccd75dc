import Foundation
import Hummingbird
import Timing

/// Logged-in browsers: each session id is 256 random bits, given to the browser in an HttpOnly,
/// SameSite=Strict cookie and kept here only as its SHA-256, so the table holds nothing a thief could
/// replay. Sessions expire after ``lifetime`` of the injected wall clock.
public actor SessionStore {
    /// Who a session belongs to.
    public struct Record: Sendable, Equatable {
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
    private var records: [String: Record] = [:]

    /// Creates an empty store.
    public init(lifetime: Duration = .seconds(8 * 3600), now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    /// Starts a session; returns the `Set-Cookie` value to send (the only place the raw id appears).
    public func start(userID: String, email: String, payload: Data = Data()) -> String {
        let id = Secrets.randomToken()
        let seconds = Int(lifetime.components.seconds)
        records[Secrets.digest(id)] = Record(
            userID: userID, email: email, expires: now().addingTimeInterval(TimeInterval(seconds)), payload: payload)
        return "\(Self.cookieName)=\(id); Path=/; Max-Age=\(seconds); HttpOnly; SameSite=Strict"
    }

    /// The live session for a cookie value, if any (expired ones are dropped).
    public func lookup(_ id: String?) -> Record? {
        guard let id else { return nil }
        let key = Secrets.digest(id)
        guard let record = records[key] else { return nil }
        guard record.expires > now() else {
            records[key] = nil
            return nil
        }
        return record
    }

    /// Ends a session; returns the `Set-Cookie` value that clears the cookie.
    public func end(_ id: String?) -> String {
        if let id { records[Secrets.digest(id)] = nil }
        return "\(Self.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    }

    /// The number of live sessions (for tests).
    public var count: Int { records.count }

    /// The stored keys (for tests: they must not be the ids themselves).
    public var storedKeys: [String] { Array(records.keys) }
}

extension Request {
    /// The browser's session cookie value.
    public var sessionCookie: String? { cookies[SessionStore.cookieName]?.value }
}
