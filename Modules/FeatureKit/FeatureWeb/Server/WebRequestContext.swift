import Hummingbird
import HummingbirdAuth
import NIOCore

/// The per-request context of `folio serve`: Hummingbird's core storage plus what the security
/// middleware found (the CSRF token to put in forms, the flash message to show once) and, on routes that mount
/// ``BrowserSessions/middleware``, the browser's session.
public struct WebRequestContext: RequestContext, SessionRequestContext {
    /// Hummingbird's own per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The token every state-changing form and JSON call must send back (``CSRF``).
    public var csrfToken = ""
    /// The message left by the previous request (after a redirect), shown once.
    public var flash: Flash?
    /// The browser's session, loaded and saved by ``BrowserSessions/middleware`` (always empty elsewhere).
    public let sessions = SessionContext<BrowserSession>()
    /// The client's IP address as the connection reports it (nil in router tests), so that per-client rules such
    /// as the login throttle can tell clients apart.
    public var remoteAddress: String?

    /// Creates the context of a request arriving on `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The logged-in browser's session, if any (only on routes that mount the session middleware).
    public var browserSession: BrowserSession? { sessions.session }

    /// Uploads (multipart bodies) above this are refused with 413 before any handler reads them.
    public var maxUploadSize: Int { WebLimits.maxBodyBytes }

    /// Form posts (URL-encoded) above this are refused with 413; below it, each field's own limit is checked by
    /// the service that takes it, which names the field.
    public var maxFormSize: Int { WebLimits.maxFormBytes }
}

/// Fixed limits of the web server.
public enum WebLimits {
    /// The largest upload accepted (an ETF portfolio CSV fits many times over).
    public static let maxBodyBytes = 1 << 20
    /// The largest form post accepted: larger than any field's own limit many times over, so that an over-long
    /// field is refused by name beside it rather than as an anonymous body.
    public static let maxFormBytes = 4 << 20

    /// The cap for a request of `contentType`.
    public static func cap(contentType: String?) -> Int {
        contentType?.hasPrefix("application/x-www-form-urlencoded") == true ? maxFormBytes : maxBodyBytes
    }
}
