import Failures
import HTTPTypes
import Hummingbird
import Persistence

/// One-time tokens on state-changing requests: each form carries one (``Components/postForm(action:csrf:class:multipart:once:_:)``
/// renders it, so no feature writes it), and a JSON call may send one as `Idempotency-Key`.
public enum FormOnce {
    /// The hidden form field.
    public static let fieldName = "_once"
    /// The header for JSON calls (the IETF draft's name, which webhook senders and payment APIs use).
    public static let headerName = "Idempotency-Key"
}

/// Applies a post carrying a one-time token at most once: the same post sent again (a retry after a lost answer,
/// a double click, a replay after a restart) is answered as the first was, without reaching its handler
/// (``FormReplays``). A post without a token is handled as before.
///
/// Mounted after the CSRF check (only Folio's own forms are remembered) and before the outage's answers: while
/// the store is down the post goes on to its 503, which keeps the token in the form it sends back.
public struct FormOnceMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    let replays: FormReplays
    let storeIsDown: @Sendable () -> Bool
    let layout: Layout
    let page: @Sendable (String) -> String

    /// Creates the middleware; `storeIsDown` lets an outage's posts through untouched, to be answered 503;
    /// `page` names the page a post to a path is sent back to when an earlier copy was applied and its server
    /// stopped before answering (the nearest page above the path, `/` by default).
    public init(
        replays: FormReplays, layout: Layout, storeIsDown: @escaping @Sendable () -> Bool = { false },
        page: @escaping @Sendable (String) -> String = { _ in "/" }
    ) {
        self.replays = replays
        self.layout = layout
        self.storeIsDown = storeIsDown
        self.page = page
    }

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), !storeIsDown() else {
            return try await next(request, context)
        }
        var request = request
        guard let token = try await Self.token(&request, context: context) else {
            return try await next(request, context)
        }
        let path = request.uri.path
        let claim: FormReplays.Claim
        do {
            claim = try await replays.claim(token, path: path, alreadyApplied: .alreadyApplied(page: page(path)))
        } catch {
            // The store failed: the handler meets the same failure and the outage is answered as usual.
            return try await next(request, context)
        }
        switch claim {
        case .replay(let outcome):
            return outcome.response(token: token)
        case .unknown:
            return unknown(request)
        case .claimed(let id):
            var response: Response
            do {
                // Every write transaction of the handler marks the claim applied, in that transaction.
                response = try await WriteHook.$current.withValue(replays.hook(token, claim: id)) {
                    try await next(request, context)
                }
            } catch {
                await replays.finish(token, claim: id, outcome: nil)
                throw error
            }
            let outcome = try await FormOutcome.of(&response, token: token)
            await replays.finish(token, claim: id, outcome: outcome)
            return response
        }
    }

    private static func token(_ request: inout Request, context: WebRequestContext) async throws -> String? {
        let sent: String?
        if let header = HTTPField.Name(FormOnce.headerName), let value = request.headers[header] {
            sent = value
        } else {
            sent = try await PostedField.value(FormOnce.fieldName, in: &request, context: context)
        }
        guard let sent, (8...200).contains(sent.count) else { return nil }
        return sent
    }

    private func unknown(_ request: Request) -> Response {
        let message = "This form's one-time token was already used by a form posted to another address."
        let hint = "Check the page before sending it again; a fresh copy of the form sends it again."
        if request.uri.path.hasPrefix("/api/") {
            return WebResponses.problem(
                FolioError(.refused, "this request was sent before", why: message, hint: hint), status: .conflict)
        }
        let content =
            Components.notice(message, kind: "error") + "<p class=\"hint\">\(hint)</p>"
            + "<p><a href=\"/\">Back to the dashboard</a></p>"
        return WebResponses.html(
            layout.render(title: "Sent before", path: request.uri.path, content: content), status: .conflict)
    }
}
