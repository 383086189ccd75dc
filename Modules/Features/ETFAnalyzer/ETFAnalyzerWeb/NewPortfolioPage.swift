import ETFAnalyzer
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird

/// `/etf/new` and `/etf/template`: what `folio etf new` asks for and `folio etf template` prints. The template
/// downloads exactly as the command writes it (CSV or JSON); the form has the prompts' fields for each ETF
/// (`?rows=N` for more), and its rows become the same CSV the paste box takes, so they are checked, analysed
/// and saved by the very code that reads a file.
enum NewPortfolioPage {
    /// The fields of one ETF, in the CSV's column order, with their labels.
    static let columns: [(name: String, label: String, type: String)] = [
        ("name", "Name", "text"), ("expense_ratio", "Expense ratio %", "text"), ("yield", "Yield %", "text"),
        ("shares", "Shares", "text"), ("purchase_price", "Purchase price", "text"),
        ("purchase_date", "Purchase date", "date"),
        ("current_price", "Current price", "text"), ("analysis_date", "Analysis date (optional)", "date"),
    ]

    static let maxRows = 20

    static func template(_ request: Request, context: WebRequestContext, environment: WebEnvironment) -> Response {
        switch request.uri.queryParameters["format"].map(String.init) ?? "csv" {
        case "json":
            WebResponses.download(
                PortfolioAnalysisService.template(.json), contentType: "application/json; charset=utf-8",
                fileName: "portfolio.json")
        case "csv":
            WebResponses.download(
                PortfolioAnalysisService.template(.csv), contentType: "text/csv; charset=utf-8",
                fileName: "portfolio.csv")
        default:
            environment.failurePage(
                FolioError(.invalid, "unknown template format", hint: "use csv or json", field: "format"),
                title: "Template", request: request, context: context)
        }
    }

    static func show(_ request: Request, context: WebRequestContext, environment: WebEnvironment) -> Response {
        let rows = min(maxRows, max(1, Int(request.uri.queryParameters["rows"].map(String.init) ?? "") ?? 3))
        var content: HTML = """
            <p>Start from the commented example, as <code>folio etf template</code> prints it: \
            <a href="/etf/template?format=csv" download>portfolio.csv</a> or <a href="/etf/template?format=json" download>portfolio.json</a>, \
            then upload it on the <a href="/etf">ETF page</a>. Or fill in one row per ETF here, as <code>folio etf new</code> asks: \
            expense ratio and yield are percentages as on a fact sheet (0.03 means 0.03 %); rows left empty are skipped.</p>
            """
        var fields = HTML.empty
        for row in 1...rows {
            let inputs = columns.html { column in
                Components.field("\(column.name)_\(row)", label: column.label, type: column.type)
            }
            fields += "<fieldset class=\"etf-row\"><legend>ETF \(row)</legend>\(inputs)</fieldset>"
        }
        fields += Components.field("asOf", label: "Analysis date for rows without one (default today)", type: "date")
        fields += Components.field("saveAs", label: "Also save under this name (optional)", placeholder: "core")
        fields += Components.checkbox("replace", label: "Replace a portfolio of that name", checked: false)
        fields += "<button type=\"submit\">Analyze</button>"
        content += Components.postForm(action: "/etf/new", csrf: context.csrfToken, fields)
        if rows < maxRows { content += "<p><a href=\"/etf/new?rows=\(rows + 1)\">Add a row</a></p>" }
        return environment.page("New ETF portfolio", request: request, context: context, content: content)
    }

    /// The filled rows as the CSV the reader takes: the header, then one line per ETF with any value in it.
    static func csv(_ fields: FormData) -> String {
        var lines = [columns.map(\.name).joined(separator: ",")]
        for row in 1...maxRows {
            let values = columns.map { fields["\($0.name)_\(row)"]?.trimmingCharacters(in: .whitespaces) ?? "" }
            guard values.contains(where: { !$0.isEmpty }) else { continue }
            lines.append(values.map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The report of the rows (saved first when a name is given), or the ETF page with the rows as CSV in its box
    /// and the reader's refusal beside it.
    static func create(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let form = ETFAnalyzerWeb.ReportForm(
            csv: csv(fields), asOf: fields["asOf"] ?? "", saveAs: fields["saveAs"] ?? "",
            replace: fields["replace"] != nil)
        if !form.saveAs.isEmpty {
            return await SavedPortfoliosPage.save(
                form, source: "the new-portfolio form", request: request, context: context, environment: environment)
        }
        return await ETFAnalyzerWeb.analyze(
            form, format: nil, request: request, context: context, environment: environment)
    }
}
