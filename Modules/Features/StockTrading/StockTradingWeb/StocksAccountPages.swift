import Failures
import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird

/// Login and sign-up: the same rules and PBKDF2 hashes as `folio stocks login|signup`, run as those commands.
enum StocksAccountPages {
    static func loginPage(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, email: String = "",
        next: String? = nil, errors: [String: String] = [:], status: HTTPResponse.Status = .ok
    ) -> Response {
        let returnPath = SafeReturnPath.path(next ?? request.uri.queryParameters.get("next"))
        let form = Components.postForm(
            action: "/stocks/login", csrf: context.csrfToken,
            "<input type=\"hidden\" name=\"next\" value=\"\(returnPath)\">" + Components.field("email", label: "Email", value: email, error: errors["email"], type: "email", attributes: " autocomplete=\"username\" required")
                + Components.field("password", label: "Password", error: errors["password"], type: "password", attributes: " autocomplete=\"current-password\" required")
                + "<button type=\"submit\">Log in</button>")
        let content: HTML = "\(form)<p>No account? <a href=\"/stocks/signup\">Sign up</a>. The demo account is test@stockport.com with password Test@123.</p>"
        return environment.page("Paper trading — log in", request: request, context: context, status: status, content: content)
    }

    static func signupPage(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, email: String = "",
        errors: [String: String] = [:], status: HTTPResponse.Status = .ok
    ) -> Response {
        let form = Components.postForm(
            action: "/stocks/signup", csrf: context.csrfToken,
            Components.field("email", label: "Email", value: email, error: errors["email"], type: "email", attributes: " autocomplete=\"username\" required")
                + Components.field("password", label: "Password", error: errors["password"], type: "password", attributes: " autocomplete=\"new-password\" required")
                + Components.field("confirmation", label: "Confirm password", error: errors["confirmation"], type: "password", attributes: " autocomplete=\"new-password\" required")
                + "<button type=\"submit\">Sign up</button>")
        return environment.page("Paper trading — sign up", request: request, context: context, status: status, content: form + "<p><a href=\"/stocks/login\">Log in instead</a></p>")
    }

    static func logIn(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async throws -> Response {
        let form = try await FormData.read(request, context: context)
        let email = form["email"] ?? ""
        let password = form.fields["password"] ?? ""
        let (result, session) = await StocksSession.run(["login", "--email=\(email)"], as: nil, input: [password], environment: environment)
        guard result.error == nil, let session else {
            let field = (result.error?.what.contains("email") ?? false) ? "email" : "password"
            return loginPage(request, context: context, environment: environment, email: email, next: form["next"], errors: [field: result.errorLine ?? "could not log in"], status: .unauthorized)
        }
        return try await started(email: email, session: session, next: SafeReturnPath.path(form["next"]), environment: environment)
    }

    static func signUp(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async throws -> Response {
        let form = try await FormData.read(request, context: context)
        let email = form["email"] ?? ""
        let input = [form.fields["password"] ?? "", form.fields["confirmation"] ?? ""]
        let (result, session) = await StocksSession.run(["signup", "--email=\(email)"], as: nil, input: input, environment: environment)
        guard result.error == nil, let session else {
            let what = result.error?.what ?? ""
            let field = what.contains("confirm") || what.contains("match") ? "confirmation" : what.contains("password") ? "password" : "email"
            return signupPage(request, context: context, environment: environment, email: email, errors: [field: result.errorLine ?? "could not sign up"], status: .unprocessableContent)
        }
        return try await started(email: email, session: session, next: "/stocks", environment: environment)
    }

    private static func started(email: String, session: Data, next: String, environment: WebEnvironment) async throws -> Response {
        let cookie = try await environment.sessions.start(userID: "", email: email.lowercased(), payload: session)
        var response = WebResponses.redirect(to: next, flash: Flash(.success, "Logged in as \(email.lowercased())."))
        response.headers.append(HTTPField(name: .setCookie, value: cookie))
        return response
    }

    static func logOut(_ request: Request, environment: WebEnvironment) async -> Response {
        let cookie = await environment.sessions.end(request.sessionCookie)
        var response = WebResponses.redirect(to: "/stocks/login", flash: Flash(.info, "Logged out."))
        response.headers.append(HTTPField(name: .setCookie, value: cookie))
        return response
    }
}
