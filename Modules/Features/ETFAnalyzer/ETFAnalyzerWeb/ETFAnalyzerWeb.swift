import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money

/// The ETF page: upload a CSV file (a plain multipart form: no script needed), paste one, or pick a saved
/// portfolio; the report (`folio etf analyze … --format json`) with its allocation chart, and the report as
/// Markdown, CSV or JSON downloads, each exactly what `analyze --format …` writes.
public enum ETFAnalyzerWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "etf", navigation: NavigationEntry(title: "ETFs", path: "/etf"),
        openAPIPaths: ETFOpenAPI.paths,
        routes: { router, environment in
            router.get("/api/etf/analyze") { request, _ in await AnalyzeAPI.response(request, environment: environment) }
            router.get("/etf") { request, context in
                // `/etf?saved=NAME[&asOf=DATE]`: a saved portfolio's report at an address of its own (reading changes
                // nothing, so it can be a link or a bookmark).
                let query = request.uri.queryParameters
                guard let saved = query["saved"].map(String.init), !saved.isEmpty else {
                    return await page(request, context: context, environment: environment, form: ReportForm(), report: nil)
                }
                let form = ReportForm(saved: saved, asOf: query["asOf"].map(String.init) ?? "")
                return await analyze(form, format: nil, request: request, context: context, environment: environment)
            }
            router.post("/etf") { request, context in
                try await report(request, context: context, environment: environment)
            }
        })

    struct ReportForm: Sendable {
        var csv = ""
        var saved = ""
        var asOf = ""
        var errors: [String: String] = [:]
    }

    static func page(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, form: ReportForm, report: HTML?,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let saved = await savedPortfolios(environment)
        var fields = HTML.empty
        if !saved.isEmpty {
            fields += Components.select(
                "saved", label: "Saved portfolio", options: [(value: "", title: "— paste below instead —")] + saved.map { (value: $0.name, title: $0.name) },
                selected: form.saved)
        }
        let csvError: HTML = form.errors["csv"].map { "<span class=\"field-error\" id=\"csv-error\">\($0)</span>" } ?? .empty
        fields += """
            <label class="field wide"><span>Portfolio CSV (name, expense_ratio, yield, shares, purchase_price, purchase_date, current_price[, analysis_date])</span>\
            <textarea name="csv" id="csv" spellcheck="false"\(form.errors["csv"] == nil ? .empty : HTML(raw: " aria-invalid=\"true\" aria-describedby=\"csv-error\""))>\(form.csv)</textarea>\(csvError)</label>\
            <label class="field"><span>Or upload a CSV file (up to \(WebLimits.maxBodyBytes / 1024) KB; used instead of the box)</span>\
            <input type="file" name="file" accept=".csv,text/csv"></label>
            """
        fields += Components.field("asOf", label: "Analysis date (default today)", value: form.asOf, error: form.errors["asOf"], type: "date")
        fields += """
            <button type="submit" name="format" value="html">Analyze</button>\
            <button type="submit" name="format" value="markdown" class="secondary">Markdown</button>\
            <button type="submit" name="format" value="csv" class="secondary">CSV</button>\
            <button type="submit" name="format" value="json" class="secondary">JSON</button>
            """
        let content = Components.postForm(action: "/etf", csrf: context.csrfToken, multipart: true, fields) + (report ?? .empty)
        return environment.page("ETF portfolio", request: request, context: context, status: status, content: content)
    }

    /// The saved portfolios to pick from; none when the store cannot be read (the page still takes a paste).
    static func savedPortfolios(_ environment: WebEnvironment) async -> [SavedPortfolioSummary] {
        guard let context = environment.context("etf") else { return [] }
        return (try? await PortfolioAnalysisService(store: context.store, timing: context.timing).list()) ?? []
    }

    static func report(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async throws -> Response {
        let fields = try await ReportFields.read(request, context: context)
        var form = ReportForm(csv: fields.csv, saved: fields["saved"] ?? "", asOf: fields["asOf"] ?? "")
        if let upload = fields.upload {
            guard let text = upload.text else {
                form.errors["csv"] = "\(upload.fileName.isEmpty ? "the file" : "\"\(upload.fileName)\"") is not UTF-8 text — upload the portfolio as a CSV file"
                return await page(request, context: context, environment: environment, form: form, report: nil, status: .unprocessableContent)
            }
            // The uploaded file is what gets analysed, and it is shown in the box, so a refusal points at what was read.
            form.csv = text
        }
        let format = fields["format"].flatMap { ["markdown", "csv", "json"].contains($0) ? $0 : nil }
        return await analyze(form, format: format, request: request, context: context, environment: environment)
    }

    /// Runs `etf analyze` on the form's portfolio: the report page (`format` nil) or the download.
    static func analyze(
        _ form: ReportForm, format: String?, request: Request, context: WebRequestContext, environment: WebEnvironment
    ) async -> Response {
        var arguments = ["analyze"]
        var input: [String] = []
        if !form.saved.isEmpty {
            arguments += ["--saved=\(form.saved)"]
        } else {
            arguments.append("-")
            input = form.csv.components(separatedBy: .newlines)
        }
        if !form.asOf.isEmpty { arguments.append("--as-of=\(form.asOf)") }
        let result = await environment.runner.run("etf", arguments + ["--format", format ?? "json"], input: input)
        if let error = result.error {
            var failed = form
            let message = result.fieldMessage ?? error.what
            if error.what.contains("as-of") || error.what.contains("date") && !form.asOf.isEmpty && error.what.contains(form.asOf) {
                failed.errors["asOf"] = message
            } else {
                failed.errors["csv"] = message
            }
            return await page(request, context: context, environment: environment, form: failed, report: nil, status: WebResponses.status(for: error))
        }
        switch format {
        case "markdown": return WebResponses.download(result.output, contentType: "text/markdown; charset=utf-8", fileName: "etf-report.md")
        case "csv": return WebResponses.download(result.output, contentType: "text/csv; charset=utf-8", fileName: "etf-report.csv")
        case "json": return WebResponses.download(result.output, contentType: "application/json; charset=utf-8", fileName: "etf-report.json")
        default:
            let report = (try? JSONDecoder().decode(ReportView.self, from: Data(result.output.utf8))).map(render)
            let warnings = result.warningLines.html { Components.notice($0, kind: "warning") }
            return await page(request, context: context, environment: environment, form: form, report: warnings + (report ?? .empty))
        }
    }

    static func render(_ report: ReportView) -> HTML {
        let portfolio = report.portfolio
        let figures: HTML = """
            <h2>Report</h2><div class="figures" id="etf-figures">\(Components.figure("Invested", Show.money(portfolio.totalInitial)))\
            \(Components.figure("Current value", Show.money(portfolio.totalCurrent)))\
            \(Components.figure("Net return", Show.money(portfolio.totalNetReturn), detail: Show.percent(portfolio.totalReturnPercent)))\
            \(Components.figure("Weighted annual return", Show.percent(portfolio.weightedAnnualReturn)))\
            \(Components.figure("Weighted expense ratio", Show.percent(portfolio.weightedExpenseRatio, places: 3)))\
            \(Components.figure("Annual fees", Show.money(portfolio.annualFees)))</div>
            """
        let table = Components.table(
            headers: ["ETF", "Invested", "Value", "Net return", "Return", "Annualised", "Allocation"], numeric: [1, 2, 3, 4, 5, 6],
            rows: report.etfs.map { etf in
                ["\(etf.name)", "\(Show.money(etf.initialInvestment))", "\(Show.money(etf.currentValue))", "\(Show.money(etf.netReturn))",
                 "\(Show.percent(etf.totalReturnPercent))", "\(Show.percent(etf.annualizedReturn))", "\(Show.percent(etf.allocationPercent))"]
            }, id: "etfs")
        let chart = BarChart(
            title: "Allocation by current value",
            bars: report.etfs.map { (label: $0.name, value: $0.allocationPercent.doubleValue, text: Show.percent($0.allocationPercent)) })
        return figures + table + "<figure class=\"chart\" id=\"allocation-chart\">\(chart.render())</figure>"
    }
}

/// The report form as posted: `multipart/form-data` (the page's form, with its file input) or an encoded form
/// (the paste box alone, as older pages and scripts send it).
struct ReportFields: Sendable {
    var fields: [String: String]
    /// The uploaded file, when one was chosen (a file input left empty sends a part with no file name).
    var upload: MultipartForm.File?

    var csv: String { fields["csv"] ?? "" }

    subscript(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    static func read(_ request: Request, context: WebRequestContext) async throws -> ReportFields {
        if MultipartForm.isMultipart(request.headers[.contentType]) {
            let form = try await MultipartForm.read(request, context: context)
            let file = form.files["file"].flatMap { $0.fileName.isEmpty && $0.data.isEmpty ? nil : $0 }
            return ReportFields(fields: form.fields, upload: file)
        }
        return ReportFields(fields: try await FormData.read(request, context: context).fields, upload: nil)
    }
}

/// `folio etf analyze --format json`, read back for the page.
struct ReportView: Decodable, Sendable {
    struct ETF: Decodable, Sendable {
        var name: String
        var initialInvestment: Amount
        var currentValue: Amount
        var netReturn: Amount
        var totalReturnPercent: Amount
        var annualizedReturn: Amount
        var allocationPercent: Amount
    }

    struct Portfolio: Decodable, Sendable {
        var totalInitial: Amount
        var totalCurrent: Amount
        var totalNetReturn: Amount
        var totalReturnPercent: Amount
        var weightedAnnualReturn: Amount
        var weightedExpenseRatio: Amount
        var annualFees: Amount
    }

    var etfs: [ETF]
    var portfolio: Portfolio
}

/// Figures as the CLI shows them (USD by default).
enum Show {
    static func money(_ value: Amount) -> String { NumberFormat.money(value, currency: "USD") }
    static func percent(_ value: Amount, places: Int = 2) -> String { NumberFormat.percent(value, fractionDigits: places, signed: false) }
}
