import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Timing

/// `/etf/saved`: the saved portfolios as `folio etf list` shows them, each opening its report; saving from the
/// `/etf` form (`folio etf save`) and deleting after a confirmation page (`folio etf delete`).
struct SavedPortfoliosPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The list's columns, each sorting by its heading's link but the buttons'.
    static let columns: [TableColumn<SavedPortfolioSummary>] = [
        TableColumn("Name", key: "name") { $0.name < $1.name },
        TableColumn("ETFs", key: "etfs", numeric: true) { $0.etfs < $1.etfs },
        TableColumn("Invested", key: "invested", numeric: true) { $0.invested < $1.invested },
        TableColumn("Saved", key: "saved") { $0.savedAt < $1.savedAt },
        TableColumn("From", key: "source") { $0.source < $1.source },
        TableColumn(""),
    ]

    func show(_ request: Request, context: WebRequestContext) async -> Response {
        let saved: [SavedPortfolioSummary]
        do {
            saved = try await Self.service(environment).list()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Saved ETF portfolios", request: request, context: context)
        }
        let now = environment.timing.now()
        let query = request.uri.queryParameters
        let table = SortedTable(
            columns: Self.columns, rows: saved, id: "saved", noun: "portfolios", pageSize: 50,
            sort: query["sort"].map(String.init), page: query["page"].map(String.init), link: { "/etf/saved?\($0)" },
            empty: "No portfolio is saved yet: analyze one on the ETF page and save it under a name."
        ) { portfolio in
            let link: HTML = "<a href=\"/etf?saved=\(portfolio.name)\">\(portfolio.name)</a>"
            let delete = Components.postForm(
                action: "/etf/saved/delete", csrf: context.csrfToken, class: "inline",
                "<input type=\"hidden\" name=\"name\" value=\"\(portfolio.name)\"><button type=\"submit\" class=\"secondary\" aria-label=\"Delete \(portfolio.name)\">Delete</button>"
            )
            return [
                link, "\(portfolio.etfs)", "\(Show.money(portfolio.invested))",
                "\(TimeStamp.html(portfolio.savedAt)) (\(TimeStamp.age(of: portfolio.savedAt, now: now)))",
                "\(portfolio.source)", delete,
            ]
        }.html
        let content = table + "<p><a href=\"/etf\">Analyze or save a portfolio</a></p>"
        return environment.page("Saved ETF portfolios", request: request, context: context, content: content)
    }

    /// Saves the form's pasted or uploaded portfolio under the name typed, as `folio etf save NAME FILE` (with
    /// `--yes` when "replace" is ticked): checked row by row first, nothing saved on a refusal.
    func save(
        _ form: ETFReportPage.ReportForm, source: String, request: Request, context: WebRequestContext
    ) async -> Response {
        do {
            do {
                try SavedPortfolios.validate(name: form.saveAs)
            } catch {
                throw FolioError(
                    .invalid, "\"\(form.saveAs)\" is not a valid portfolio name",
                    why: "use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit", field: "saveAs")
            }
            let document = try await Self.document(of: form, environment: environment)
            let replaced: Bool
            do {
                replaced = try await Self.service(environment).save(
                    form.saveAs, holdings: document.holdings, source: source, replace: form.replace)
            } catch SavedPortfolioError.exists(let name) {
                throw FolioError(
                    .refused, "a portfolio called \(name) is already saved", why: "saving would replace it",
                    hint: "tick \"Replace\" to replace it, or choose another name", field: "saveAs")
            }
            let count = "\(document.holdings.count) ETF\(document.holdings.count == 1 ? "" : "s")"
            let message = "\(replaced ? "Replaced" : "Saved") portfolio \(form.saveAs): \(count) from \(source)."
            return WebResponses.redirect(to: "/etf/saved", flash: Flash(.success, message))
        } catch {
            let refusal = AnalyzeAPI.refusal(error, blaming: "csv")
            var failed = form
            failed.errors[refusal.field == "saveAs" ? "saveAs" : "csv"] = ETFReportPage.pageLine(refusal)
            return await ETFReportPage(environment: environment).page(
                request, context: context, form: failed, report: nil,
                status: WebResponses.status(for: refusal))
        }
    }

    /// The first post asks, naming what goes; only the confirmed post deletes.
    func delete(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let name = fields["name"] ?? ""
        do {
            let service = try Self.service(environment)
            guard fields["confirmed"] == "yes" else {
                let portfolio = try await service.portfolio(named: name)
                let count = portfolio.holdings.count
                let question: HTML =
                    "Delete the saved portfolio <strong>\(portfolio.name)</strong> (\(count) ETF\(count == 1 ? "" : "s"))? This cannot be undone."
                let content = Components.confirmation(
                    question, action: "/etf/saved/delete", csrf: context.csrfToken,
                    fields: [(name: "name", value: portfolio.name)],
                    button: "Delete \(portfolio.name)", cancel: "/etf/saved")
                return environment.page(
                    "Delete \(portfolio.name)?", request: request, context: context, content: content)
            }
            try await service.delete(name)
            return WebResponses.redirect(to: "/etf/saved", flash: Flash(.success, "Deleted portfolio \(name)."))
        } catch {
            return WebResponses.redirect(to: "/etf/saved", flash: Flash(.error, AnalyzeAPI.refusal(error).line))
        }
    }

    /// The rows to save: with "Use market prices" ticked, their empty prices filled from the market first (so what
    /// is saved is what the report showed), else as typed.
    private static func document(
        of form: ETFReportPage.ReportForm, environment: WebEnvironment
    ) async throws -> PortfolioDocument {
        guard form.live else { return try PortfolioText.document(form.csv, defaultAnalysisDate: nil) }
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the etf feature is disabled")
        }
        return try await ETFReportPage.liveDocument(
            of: form, asOf: try AnalyzeAPI.date(form.asOf), context: context
        ).document
    }

    private static func service(_ environment: WebEnvironment) throws -> PortfolioAnalysisService {
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the etf feature is disabled")
        }
        return PortfolioAnalysisService(store: context.store, timing: context.timing)
    }
}
