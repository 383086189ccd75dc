import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Persistence

/// How a browser's login becomes the feature's "logged in" record for the commands it runs.
enum StocksSession {
    /// The feature's key for its one session record (`StorageKeys.session` in the domain).
    static let storageKey = "session"

    /// The logged-in browser's session, or nil.
    static func current(_ request: Request, environment: WebEnvironment) async -> SessionStore.Record? {
        await environment.sessions.lookup(request.sessionCookie)
    }

    /// Runs a stocks command as the browser's user.
    static func run(
        _ arguments: [String], as record: SessionStore.Record?, input: [String] = [], environment: WebEnvironment
    ) async -> (result: CommandResult, session: Data?) {
        let overlay = Overlay()
        let result = await environment.runner.run("stocks", arguments, input: input) { base in
            let store = KeyOverlayStore(base: base, key: storageKey, value: record?.payload)
            overlay.store.withLock { $0 = store }
            return store
        }
        return (result, overlay.store.withLock { $0?.overlaid })
    }

    /// 303 to the login page, which comes back to `request`'s page afterwards (a GET; a form cannot be replayed).
    static func toLogin(from request: Request) -> Response {
        guard request.method == .get, request.uri.path != "/stocks" else { return WebResponses.redirect(to: "/stocks/login") }
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        return WebResponses.redirect(to: "/stocks/login?next=" + SafeReturnPath.encoded(target))
    }

    /// 401 as a JSON error, for the JSON routes.
    static var notLoggedIn: Response {
        WebResponses.problem(
            FolioError(.refused, "not logged in", hint: "log in at /stocks/login; the JSON routes use the same session cookie"),
            status: .unauthorized)
    }
}

import Synchronization

/// The overlay store a run used, kept to read the session it wrote.
private final class Overlay: Sendable {
    let store = Mutex<KeyOverlayStore?>(nil)
}
