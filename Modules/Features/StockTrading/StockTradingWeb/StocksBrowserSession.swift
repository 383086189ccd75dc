import Failures
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading

/// A browser's login: the domain's ``Session`` kept in the server's session record, so every page calls the
/// services for that account directly; the terminal's own login on this machine is never touched.
enum StocksBrowserSession {
    /// The logged-in browser's account, or nil.
    static func owner(_ request: Request, environment: WebEnvironment) async -> Session? {
        await owner(id: request.sessionCookie, environment: environment)
    }

    /// The account of session `id`, or nil.
    static func owner(id: String?, environment: WebEnvironment) async -> Session? {
        guard let record = await environment.sessions.lookup(id) else { return nil }
        return try? JSONDecoder().decode(Session.self, from: record.payload)
    }

    /// Starts a browser session for `session`; the `Set-Cookie` value.
    static func start(_ session: Session, environment: WebEnvironment) async throws -> String {
        let payload = try JSONEncoder().encode(session)
        return try await environment.sessions.start(userID: session.userID, email: session.email, payload: payload)
    }

    /// 303 to the login page, which comes back to `request`'s page afterwards (a GET; a form cannot be replayed).
    static func toLogin(from request: Request) -> Response {
        guard request.method == .get, request.uri.path != "/stocks" else { return WebResponses.redirect(to: "/stocks/login") }
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        return WebResponses.redirect(to: "/stocks/login?next=" + SafeReturnPath.encoded(target))
    }

    /// 401 as problem details, for the JSON routes.
    static var notLoggedIn: Response {
        WebResponses.problem(
            FolioError(.refused, "not logged in", hint: "log in at /stocks/login; the JSON routes use the same session cookie"),
            status: .unauthorized)
    }
}
