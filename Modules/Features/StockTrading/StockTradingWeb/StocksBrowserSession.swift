import Failures
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading

/// A browser's login: the domain's ``Session`` kept in the server's session record, so every page calls the
/// services for that account directly; the terminal's own login on this machine is never touched.
struct StocksBrowserSession {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The logged-in browser's account, or nil (on routes that mount the session middleware).
    static func owner(_ context: WebRequestContext) -> Session? {
        context.browserSession.flatMap { try? JSONDecoder().decode(Session.self, from: $0.payload) }
    }

    /// Logs the browser in as `session`: a new session id, set as a cookie by the session middleware.
    func start(
        _ session: Session, request: Request, context: WebRequestContext
    ) async throws {
        let payload = try JSONEncoder().encode(session)
        try await environment.sessions.start(
            BrowserSession(userID: session.userID, email: session.email, payload: payload), request: request,
            context: context)
    }

    /// 303 to the login page, which comes back to `request`'s page afterwards (a GET; a form cannot be replayed).
    static func toLogin(from request: Request) -> Response {
        guard request.method == .get, request.uri.path != "/stocks" else {
            return WebResponses.redirect(to: "/stocks/login")
        }
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        return WebResponses.redirect(to: "/stocks/login?next=" + SafeReturnPath.encoded(target))
    }

    /// 401 as problem details, for the JSON routes.
    static var notLoggedIn: Response {
        WebResponses.problem(
            FolioError(
                .refused, "not logged in", hint: "log in at /stocks/login; the JSON routes use the same session cookie"),
            status: .unauthorized)
    }
}
