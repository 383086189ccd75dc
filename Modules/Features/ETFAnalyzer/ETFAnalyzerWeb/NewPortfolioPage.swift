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
struct NewPortfolioPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The fields of one ETF, in the CSV's column order, with their labels.
    static let columns: [(name: String, label: String, type: String)] = [
        ("name", "Name", "text"), ("symbol", "Symbol (for market prices)", "text"),
        ("expense_ratio", "Expense ratio %", "text"), ("yield", "Yield %", "text"),
        ("shares", "Shares", "text"), ("purchase_price", "Purchase price", "text"),
        ("purchase_date", "Purchase date", "date"),
        ("current_price", "Current price", "text"), ("analysis_date", "Analysis date (optional)", "date"),
        ("asset_class", "What it holds", "select"),
    ]

    /// The asset classes an ETF may say it holds, as the reader spells them; empty is equity.
    static let assetClasses: [(value: String, title: String)] = [
        ("", "Equity (shares)"), ("debt", "Debt and bonds"), ("property", "Property"),
        ("commodity", "Commodities (counted as other)"), ("crypto", "Crypto"), ("cash", "Cash"), ("hybrid", "Hybrid"),
    ]

    static let maxRows = 20

    func template(_ request: Request, context: WebRequestContext) -> Response {
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

    /// The form with `rows` ETFs (`?rows=N`, 3 by default), filled with `values` (what was typed before "Add a
    /// row" posted it back).
    func show(
        _ request: Request, context: WebRequestContext, rows asked: Int? = nil,
        values: [String: String] = [:]
    ) -> Response {
        let requested = asked ?? Int(request.uri.queryParameters["rows"].map(String.init) ?? "") ?? 3
        let rows = min(Self.maxRows, max(1, requested))
        var content: HTML = """
            <p>Start from the commented example: \
            <a href="/etf/template?format=csv" download>portfolio.csv</a> or <a href="/etf/template?format=json" download>portfolio.json</a>, \
            then upload it on the <a href="/etf">ETF page</a>. Or fill in one row per ETF here: \
            expense ratio and yield are percentages as on a fact sheet (0.03 means 0.03 %); rows left empty are skipped.</p>
            """
        var fields: HTML = "<input type=\"hidden\" name=\"rows\" value=\"\(rows)\">"
        for row in 1...rows {
            let inputs = Self.columns.html { column in
                let name = "\(column.name)_\(row)"
                guard column.type != "select" else {
                    return Components.select(
                        name, label: column.label, options: Self.assetClasses, selected: values[name] ?? "")
                }
                return Components.field(name, label: column.label, value: values[name] ?? "", type: column.type)
            }
            fields += "<fieldset class=\"etf-row\"><legend>ETF \(row)</legend>\(inputs)</fieldset>"
        }
        if rows < Self.maxRows {
            // A button of this form, not a link: the rows typed so far come back filled in.
            fields +=
                "<p><button type=\"submit\" name=\"action\" value=\"addRow\" class=\"secondary\" formnovalidate>Add a row</button></p>"
        }
        fields += Components.field(
            "asOf", label: "Analysis date for rows without one (default today)", value: values["asOf"] ?? "",
            type: "date")
        fields += Components.field(
            "saveAs", label: "Also save under this name (optional)", value: values["saveAs"] ?? "", placeholder: "core")
        fields += Components.checkbox(
            "replace", label: "Replace a portfolio of that name", checked: values["replace"] != nil)
        fields += Components.checkbox(
            "live", label: "Use market prices: empty prices of rows with a symbol are the market's closes",
            checked: values["live"] != nil)
        fields += "<button type=\"submit\">Analyze</button>"
        content += Components.postForm(action: "/etf/new", csrf: context.csrfToken, fields)
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
    func create(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        if fields["action"] == "addRow" {
            let rows = Int(fields["rows"] ?? "") ?? 3
            return show(request, context: context, rows: rows + 1, values: fields.fields)
        }
        let form = ETFReportPage.ReportForm(
            csv: Self.csv(fields), asOf: fields["asOf"] ?? "", saveAs: fields["saveAs"] ?? "",
            replace: fields["replace"] != nil,
            live: fields["live"] != nil)
        if !form.saveAs.isEmpty {
            return await SavedPortfoliosPage(environment: environment).save(
                form, source: "the new-portfolio form", request: request, context: context)
        }
        return await ETFReportPage(environment: environment).analyze(
            form, format: nil, request: request, context: context)
    }
}
