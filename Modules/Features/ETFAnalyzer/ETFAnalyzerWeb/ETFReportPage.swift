import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The report page: `/etf` with the form, a saved portfolio's report at `/etf?saved=NAME`, and the report posted
/// back as a page or a download.
struct ETFReportPage {
    /// The server's environment, scoped to this feature.
    let environment: WebEnvironment

    struct ReportForm: Sendable {
        var csv = ""
        var saved = ""
        var asOf = ""
        /// The name to save the portfolio under, and whether that may replace one saved before.
        var saveAs = ""
        var replace = false
        /// Fill empty prices from the market ("Use market prices"); a saved portfolio is valued at the market's
        /// closes, as `etf analyze --saved NAME --live` values it.
        var live = false
        var errors: [String: String] = [:]
    }

    func page(
        _ request: Request, context: WebRequestContext, form: ReportForm, report: HTML?,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let saved = await Self.savedPortfolios(environment)
        var fields = HTML.empty
        if !saved.isEmpty {
            fields += Components.select(
                "saved", label: "Saved portfolio",
                options: [(value: "", title: "— paste below instead —")]
                    + saved.map { (value: $0.name, title: $0.name) },
                selected: form.saved)
        }
        let csvError = Components.fieldError(form.errors["csv"], for: "csv")
        fields += """
            <label class="field wide"><span>Portfolio CSV (name, expense_ratio, yield, shares, purchase_price, purchase_date, current_price[, analysis_date])</span>\
            <textarea name="csv" id="csv" spellcheck="false"\(form.errors["csv"] == nil ? .empty : HTML(raw: " aria-invalid=\"true\" aria-describedby=\"csv-error\""))>\(form.csv)</textarea>\(csvError)</label>\
            <label class="field"><span>Or upload a CSV file (up to \(WebLimits.maxBodyBytes / 1024) KB; used instead of the box)</span>\
            <input type="file" name="file" accept=".csv,text/csv"></label>
            """
        fields += Components.field(
            "asOf", label: "Analysis date (default today)", value: form.asOf, error: form.errors["asOf"], type: "date")
        fields += Components.checkbox(
            "live",
            label:
                "Use market prices: empty prices of rows with a symbol are the market's closes, and a saved portfolio is valued at the close of the analysis date",
            checked: form.live)
        fields += """
            <button type="submit" name="format" value="html">Analyze</button>\
            <button type="submit" name="format" value="markdown" class="secondary">Markdown</button>\
            <button type="submit" name="format" value="csv" class="secondary">CSV</button>\
            <button type="submit" name="format" value="json" class="secondary">JSON</button>
            """
        fields += "<h2 id=\"save\">Save for later</h2>"
        fields += Components.field(
            "saveAs", label: "Name", value: form.saveAs, error: form.errors["saveAs"], placeholder: "core")
        fields += Components.checkbox("replace", label: "Replace a portfolio of that name", checked: form.replace)
        fields += "<button type=\"submit\" name=\"format\" value=\"save\" class=\"secondary\">Save</button>"
        var content = Components.postForm(action: "/etf", csrf: context.csrfToken, multipart: true, fields)
        content +=
            "<p><a href=\"/etf/saved\">Saved portfolios</a> (\(saved.count)) · <a href=\"/etf/new\">New portfolio, or the template file</a></p>"
            + (report ?? .empty)
        return environment.page("ETF portfolio", request: request, context: context, status: status, content: content)
    }

    /// The saved portfolios to pick from; none when the store cannot be read (the page still takes a paste).
    static func savedPortfolios(_ environment: WebEnvironment) async -> [SavedPortfolioSummary] {
        guard let context = environment.featureContext else { return [] }
        return (try? await PortfolioAnalysisService(store: context.store, timing: context.timing).list()) ?? []
    }

    func report(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await ReportFields.read(request, context: context)
        var form = ReportForm(
            csv: fields.csv, saved: fields["saved"] ?? "", asOf: fields["asOf"] ?? "", saveAs: fields["saveAs"] ?? "",
            replace: fields["replace"] != nil, live: fields["live"] != nil)
        if let upload = fields.upload {
            guard let text = upload.text else {
                form.errors["csv"] =
                    "\(upload.fileName.isEmpty ? "the file" : "\"\(upload.fileName)\"") is not UTF-8 text — upload the portfolio as a CSV file"
                return await page(
                    request, context: context, form: form, report: nil,
                    status: .unprocessableContent)
            }
            // The uploaded file is what gets analysed, and it is shown in the box, so a refusal points at what was read.
            form.csv = text
        }
        if fields["format"] == "save" {
            let source = fields.upload.map { $0.fileName.isEmpty ? "an upload" : $0.fileName } ?? "a pasted portfolio"
            return await SavedPortfoliosPage(environment: environment).save(
                form, source: source, request: request, context: context)
        }
        let format = fields["format"].flatMap { ["markdown", "csv", "json"].contains($0) ? $0 : nil }
        return await analyze(form, format: format, request: request, context: context)
    }

    /// Analyses the form's portfolio through ``PortfolioAnalysisService``: the report page (`format` nil) or a
    /// download, each rendered from the same ``PortfolioReport`` the terminal renders.
    func analyze(
        _ form: ReportForm, format: String?, request: Request, context: WebRequestContext
    ) async -> Response {
        let analysis: (report: PortfolioReport, warnings: [String])
        do {
            analysis = try await report(of: form)
        } catch {
            var failed = form
            let refusal = AnalyzeAPI.refusal(error, blaming: "csv")
            // The form shows a refusal beside the input it blames; a saved name's refusal sits by the box, the
            // one message slot next to the portfolio's inputs.
            failed.errors[refusal.field == "asOf" ? "asOf" : "csv"] = Self.pageLine(refusal)
            return await page(
                request, context: context, form: failed, report: nil,
                status: WebResponses.status(for: refusal))
        }
        let report = analysis.report
        switch format {
        case "markdown":
            let text = ReportExport.markdown(report, currencySymbol: NumberFormat.currencySymbol(report.currency))
            return WebResponses.download(text, contentType: "text/markdown; charset=utf-8", fileName: "etf-report.md")
        case "csv":
            return WebResponses.download(
                ReportExport.csv(report), contentType: "text/csv; charset=utf-8", fileName: "etf-report.csv")
        case "json":
            var response = WebResponses.json(encoding: report)
            if response.status == .ok {
                response.headers[.contentDisposition] = "attachment; filename=\"etf-report.json\""
            }
            return response
        default:
            let warnings = analysis.warnings.html { Components.notice($0, kind: "warning") }
            // A saved portfolio's report has an address (`/etf?saved=NAME`), so its table sorts by links.
            let address: ((String) -> String)? =
                request.method == .get && !form.saved.isEmpty
                ? { query in
                    let saved = form.saved.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                    return "/etf?saved=\(saved)" + (form.asOf.isEmpty ? "" : "&asOf=\(form.asOf)")
                        + (form.live ? "&live=1" : "") + "&\(query)"
                } : nil
            let sort = request.uri.queryParameters["sort"].map(String.init)
            return await page(
                request, context: context, form: form,
                report: warnings + Self.render(report, sort: sort, link: address))
        }
    }

    /// The form's report and the reader's warnings: the saved portfolio when one is picked, else the pasted or
    /// uploaded text (CSV or JSON, told apart by its first character).
    /// - Throws: what ``AnalyzeAPI/refusal(_:blaming:)`` turns into the refusal the form shows.
    func report(
        of form: ReportForm
    ) async throws -> (report: PortfolioReport, warnings: [String]) {
        let asOf = try AnalyzeAPI.date(form.asOf)
        guard let context = environment.featureContext else {
            throw FolioError(.unavailable, "the etf feature is disabled")
        }
        let service = PortfolioAnalysisService(store: context.store, timing: context.timing)
        if !form.saved.isEmpty, form.live {
            return try await Self.savedLiveReport(form.saved, asOf: asOf, context: context, service: service)
        }
        if !form.saved.isEmpty { return (try await service.analyze(saved: form.saved, asOf: asOf), []) }
        if form.live { return try await Self.liveReport(of: form, asOf: asOf, context: context, service: service) }
        let document = try PortfolioText.document(form.csv, defaultAnalysisDate: asOf)
        guard document.holdings.count <= PortfolioText.maximumRows else {
            throw PortfolioText.tooManyRows(document.holdings.count)
        }
        do {
            return (try service.analyze(document.holdings, asOf: asOf), document.warnings)
        } catch let error as PortfolioInputError {
            // Rows that pass the reader but not the date rule at today's date: the rows are what to fix.
            throw PortfolioText.Refusal(issues: error.issues)
        }
    }
}
