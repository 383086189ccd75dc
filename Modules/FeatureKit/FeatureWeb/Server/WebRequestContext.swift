import Hummingbird

/// The per-request context of `folio serve`: Hummingbird's core storage plus what the security
/// middleware found (the CSRF token to put in forms, the flash message to show once).
public struct WebRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token every state-changing form and JSON call must send back (``CSRF``).
    public var csrfToken = ""
    /// The message left by the previous request (after a redirect), shown once.
    public var flash: Flash?
    /// The browser's session id (for features with logins), read from its cookie.
    public var sessionID: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// Bodies above this are refused with 413 before any handler reads them.
    public var maxUploadSize: Int { WebLimits.maxBodyBytes }
}

/// Fixed limits of the web server.
public enum WebLimits {
    /// The largest request body accepted (an ETF portfolio CSV fits many times over).
    public static let maxBodyBytes = 1 << 20
}
