import Hummingbird

/// Refuses a declared body over its cap with 413 before reading it — an upload over
/// ``WebRequestContext/maxUploadSize``, a form over ``WebRequestContext/maxFormSize``; bodies without a length are
/// capped as they are read.
public struct BodyLimitMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext

    /// Creates the middleware.
    public init() {}

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        let contentType = request.headers[.contentType]
        let cap = WebLimits.cap(contentType: contentType)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > cap {
            let what = cap == WebLimits.maxFormBytes ? "The form" : "The upload"
            throw HTTPError(.contentTooLarge, message: "\(what) is larger than \(cap / 1024) KB.")
        }
        return try await next(request, context)
    }
}
