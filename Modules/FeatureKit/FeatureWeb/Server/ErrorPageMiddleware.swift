import Failures
import FeatureKit
import Hummingbird
import Logging

/// Turns every failure into a page in the chrome (or a JSON error under `/api/`): 404 for unknown paths,
/// 503 when a service is down and nothing is saved, the matching status for each refusal. Never a stack
/// trace: unexpected errors are logged by type only and shown as a plain 500.
public struct ErrorPageMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let layout: Layout

    /// Creates the middleware.
    public init(layout: Layout) { self.layout = layout }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let message = error.body ?? Self.message(for: error.status)
            return respond(
                request, context: context, status: error.status, title: Self.title(for: error.status), message: message,
                hint: nil, extra: error.headers)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own refusals, such as a body without a declared length read past the cap (413).
            return respond(
                request, context: context, status: error.status, title: Self.title(for: error.status),
                message: Self.message(for: error.status), hint: nil, extra: [:])
        } catch let error as FolioError {
            return respond(
                request, context: context, status: WebResponses.status(for: error), title: "Something went wrong",
                message: error.why.map { "\(error.what) — \($0)" } ?? error.what, hint: error.hint, extra: [:])
        } catch {
            context.logger.error("request failed", metadata: ["type": "\(type(of: error))"])
            return respond(
                request, context: context, status: .internalServerError, title: "Something went wrong",
                message: "Folio could not answer this request.", hint: nil, extra: [:])
        }
    }

    private func respond(
        _ request: Request, context: WebRequestContext, status: HTTPResponse.Status, title: String, message: String,
        hint: String?, extra: HTTPFields
    ) -> Response {
        var response: Response
        if request.uri.path.hasPrefix("/api/") {
            let kind: FolioError.Kind = status.code >= 500 ? .internal : status == .notFound ? .notFound : .usage
            response = WebResponses.problem(FolioError(kind, message, hint: hint), status: status)
        } else {
            var content = Components.notice(message, kind: "error")
            if let hint { content += "<p class=\"hint\">\(hint)</p>" }
            content += "<p><a href=\"/\">Back to the dashboard</a></p>"
            response = WebResponses.html(
                layout.render(title: title, path: request.uri.path, content: content), status: status)
        }
        for field in extra where field.name != .contentLength && field.name != .contentType {
            response.headers.append(field)
        }
        return response
    }

    static func title(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "Page not found"
        case .forbidden: "Forbidden"
        case .unauthorized: "Access token needed"
        case .contentTooLarge: "Too large"
        case .misdirectedRequest: "Wrong address"
        case .serviceUnavailable: "Service unavailable"
        default: status.reasonPhrase
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is no page at this address."
        case .methodNotAllowed: "This address does not accept that kind of request."
        case .contentTooLarge:
            "The request is larger than the server accepts (an upload at most \(WebLimits.maxBodyBytes / 1024) KB)."
        default: status.reasonPhrase
        }
    }
}
