import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import NetWorth

/// `/networth/settings`: what `settings` shows and changes — whether pensions and mortgages count, and the base
/// currency. A refusal comes back beside its field with what was typed, and saves nothing.
struct SettingsPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func render(
        _ request: Request, context: WebRequestContext, typed: String? = nil,
        error: String? = nil, status: HTTPResponse.Status = .ok
    ) async -> Response {
        let settings: NetWorthSettings
        do {
            settings = try await RateService(NetWorthWeb.dependencies(environment)).settings()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Net worth settings", request: request, context: context)
        }
        let form = Components.postForm(
            action: "/networth/settings", csrf: context.csrfToken,
            Components.checkbox("pension", label: "Include pensions", checked: settings.inclusion.includePensions)
                + Components.checkbox(
                    "mortgage", label: "Include mortgages", checked: settings.inclusion.includeMortgages)
                + Components.field(
                    "baseCurrency", label: "Base currency", value: typed ?? settings.baseCurrency, error: error,
                    attributes: " required")
                + "<button type=\"submit\">Save settings</button>")
        return environment.page(
            "Net worth settings", request: request, context: context, status: status,
            content: NetWorthWeb.subnavigation + form)
    }

    func save(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        let fields = try await FormData.read(request, context: context)
        let base = fields["baseCurrency"] ?? ""
        do {
            let saved = try await RateService(NetWorthWeb.dependencies(environment)).saveSettings(
                InclusionOverride(pensions: fields["pension"] != nil, mortgages: fields["mortgage"] != nil),
                baseCurrency: base.isEmpty ? nil : base)
            let message =
                "Saved: pensions \(saved.inclusion.includePensions ? "included" : "excluded"), mortgages "
                + "\(saved.inclusion.includeMortgages ? "included" : "excluded"), base currency \(saved.baseCurrency)."
            return WebResponses.redirect(to: "/networth/settings", flash: Flash(.success, message))
        } catch {
            let refusal = FolioError.from(error)
            return await render(
                request, context: context, typed: base,
                error: NetWorthForms.sentence(refusal), status: WebResponses.status(for: refusal))
        }
    }
}
