import Failures
import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import StockTrading

/// Login and sign-up through the account service: the same rules, PBKDF2 hashes and login throttle as
/// `folio stocks login|signup`, with the browser's session kept apart from the terminal's.
struct StocksAccountPages {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func loginPage(
        _ request: Request, context: WebRequestContext, email: String = "",
        next: String? = nil, errors: [String: String] = [:], status: HTTPResponse.Status = .ok
    ) -> Response {
        let returnPath = SafeReturnPath.path(next ?? request.uri.queryParameters.get("next"))
        var fields: HTML = "<input type=\"hidden\" name=\"next\" value=\"\(returnPath)\">"
        if let general = errors["general"] { fields += Components.notice(general, kind: "error") }
        fields += Components.field(
            "email", label: "Email", value: email, error: errors["email"], type: "email",
            attributes: " autocomplete=\"username\" required")
        fields += Components.field(
            "password", label: "Password", error: errors["password"], type: "password",
            attributes: " autocomplete=\"current-password\" required")
        fields += "<button type=\"submit\">Log in</button>"
        let form = Components.postForm(action: "/stocks/login", csrf: context.csrfToken, fields)
        let content: HTML =
            "\(form)<p>No account? <a href=\"/stocks/signup\">Sign up</a>. The demo account is test@stockport.com with password Test@123.</p>"
        return environment.page(
            "Paper trading — log in", request: request, context: context, status: status, content: content)
    }

    func signupPage(
        _ request: Request, context: WebRequestContext, email: String = "",
        currency: String = "USD", errors: [String: String] = [:], status: HTTPResponse.Status = .ok
    ) -> Response {
        var fields = errors["general"].map { Components.notice($0, kind: "error") } ?? .empty
        fields += Components.field(
            "email", label: "Email", value: email, error: errors["email"], type: "email",
            attributes: " autocomplete=\"username\" required")
        fields += Components.field(
            "password", label: "Password", error: errors["password"], type: "password",
            attributes: " autocomplete=\"new-password\" required")
        fields += Components.field(
            "confirmation", label: "Confirm password", error: errors["confirmation"], type: "password",
            attributes: " autocomplete=\"new-password\" required")
        // The account's currency is chosen once: cash, cost and value are kept in it.
        fields += Components.field(
            "currency", label: "Account currency (USD, GBP, EUR…)", value: currency, error: errors["currency"],
            attributes: " maxlength=\"3\" pattern=\"[A-Za-z]{3}\" autocapitalize=\"characters\" required")
        fields += "<button type=\"submit\">Sign up</button>"
        let form = Components.postForm(action: "/stocks/signup", csrf: context.csrfToken, fields)
        return environment.page(
            "Paper trading — sign up", request: request, context: context, status: status,
            content: form + "<p><a href=\"/stocks/login\">Log in instead</a></p>")
    }

    func logIn(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let form = try await FormData.read(request, context: context)
        let email = form["email"] ?? ""
        let next = form["next"]
        do {
            let services = try await StocksWebServices.make(environment)
            let client = context.remoteAddress
            let wait = try await services.accounts.retryDelay(email: email, client: client)
            guard wait == .zero else {
                return loginPage(
                    request, context: context, email: email, next: next,
                    errors: ["password": AccountsService.throttled(wait).line], status: .tooManyRequests)
            }
            let session = try await services.accounts.authenticate(
                email: email, password: form.fields["password"] ?? "", client: client)
            return try await started(
                session, next: SafeReturnPath.path(next), request: request, context: context)
        } catch {
            let failure = FolioError.from(error)
            // A wrong password is 401 to a browser, as a failed authentication, not a conflict with stored state.
            return loginPage(
                request, context: context, email: email, next: next,
                errors: [failure.field == "email" ? "email" : "password": failure.line],
                status: failure.kind == .refused ? .unauthorized : WebResponses.status(for: failure))
        }
    }

    func signUp(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let form = try await FormData.read(request, context: context)
        let email = form["email"] ?? ""
        let currency = form["currency"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let services = try await StocksWebServices.make(environment)
            let session = try await services.accounts.openAccount(
                email: email, password: form.fields["password"] ?? "", confirmation: form.fields["confirmation"] ?? "",
                currency: currency)
            return try await started(
                session, next: "/stocks", request: request, context: context)
        } catch {
            let failure = FolioError.from(error)
            let field =
                ["email", "password", "confirmation", "currency"].contains(failure.field ?? "")
                ? failure.field! : "general"
            return signupPage(
                request, context: context, email: email, currency: currency ?? "USD",
                errors: [field: failure.line],
                status: WebResponses.status(for: failure))
        }
    }

    private func started(
        _ session: Session, next: String, request: Request, context: WebRequestContext
    ) async throws -> Response {
        try await StocksBrowserSession(environment: environment).start(session, request: request, context: context)
        return WebResponses.redirect(to: next, flash: Flash(.success, "Logged in as \(session.email)."))
    }

    func logOut(context: WebRequestContext) -> Response {
        environment.sessions.end(context: context)
        return WebResponses.redirect(to: "/stocks/login", flash: Flash(.info, "Logged out."))
    }
}
