import Hummingbird

/// Refuses a declared body over the cap with 413 before reading it; bodies without a length are capped as
/// they are read (``WebRequestContext/maxUploadSize``).
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext

    /// Creates the middleware.
    public init() {}

    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > context.maxUploadSize {
            throw HTTPError(.contentTooLarge, message: "The upload is larger than \(context.maxUploadSize / 1024) KB.")
        }
        return try await next(request, context)
    }
}
