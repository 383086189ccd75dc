import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import MutualFunds
import MutualFundsPortfolio

/// The portfolio page's tax treatment forms (`folio funds portfolio treat-as SCHEME equity|debt|other|auto`): one per
/// held scheme, by its code (else its ISIN), stored for every folio holding it.
struct TreatmentForms {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let action = "/funds/portfolio/treat-as"
    static let choices = ["auto", "equity", "debt", "other"]

    /// The forms, one per scheme, the current choice selected.
    static func html(_ report: PortfolioReport, csrf: String) -> HTML {
        var seen: Set<String> = []
        var forms: HTML = .empty
        for row in report.holdings {
            guard let name = row.code.map(String.init) ?? row.isin, seen.insert(name).inserted else { continue }
            let fields =
                "<input type=\"hidden\" name=\"scheme\" value=\"\(name)\">"
                + Components.select(
                    "treatment", label: "Tax \(row.scheme) (\(name)) as",
                    options: [
                        ("auto", "the rules decide"), ("equity", "equity"), ("debt", "debt"), ("other", "other"),
                    ],
                    selected: row.treatAs?.rawValue ?? "auto")
                + "<button type=\"submit\" class=\"secondary\">Save</button>"
            forms += Components.postForm(action: action, csrf: csrf, fields)
        }
        guard !seen.isEmpty else { return .empty }
        return
            "<h2 id=\"treatment\">Tax treatment</h2><p>Where a scheme's category misleads, tax it as equity, debt or other (gold, silver, overseas, balanced hybrids); "
            + "the choice is kept for every folio holding it and used by the gains from then on.</p>" + forms
    }

    /// Stores the posted choice, then goes back to the portfolio saying what changed, as the terminal does.
    func post(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let flash: Flash
        do {
            let text = fields["treatment"] ?? ""
            guard Self.choices.contains(text) else {
                throw FolioError(
                    .invalid, "invalid treatment \"\(text)\"", hint: "choose equity, debt, other or auto",
                    field: "treatment")
            }
            let changes = try await FundsWebService.portfolio(environment).setTreatment(
                of: fields["scheme"] ?? "", to: TaxTreatment(rawValue: text))
            flash = Flash(
                .success,
                changes.map { change in
                    let now = change.treatAs.map { "taxed as \($0.rawValue)" } ?? "taxed as the rules decide"
                    let before = change.previous.map { "was \($0.rawValue)" } ?? "was the rules"
                    return "\(change.scheme) (folio \(change.folio)): \(now) from now on (\(before))."
                }.joined(separator: " "))
        } catch {
            flash = Flash(.error, FolioError.from(error).line)
        }
        return WebResponses.redirect(to: "/funds/portfolio#treatment", flash: flash)
    }
}
