import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth
import Timing

/// `/networth/report`: what `report` prints — net worth at the end of each month (or year), with its change — and
/// the same rows as a CSV download (`/networth/report.csv`, a column per counted account as `report --format csv`).
/// `period` = `monthly` or `yearly`, `from`/`to` = YYYY-MM-DD or YYYY-MM (the month's first day for `from`, its last
/// for `to`, as the command reads them), and the summary's pension/mortgage toggles.
struct ReportPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The report the query asks for, or the refusal blaming the parameter.
    func report(_ request: Request) async throws -> NetWorthReport {
        let query = request.uri.queryParameters
        let period = query["period"].flatMap { ReportPeriod(rawValue: String($0)) } ?? .monthly
        return try await ReportService(NetWorthWeb.dependencies(environment)).report(
            period, from: try NetWorthWeb.dayOrMonth(query["from"], "from", end: false),
            to: try NetWorthWeb.dayOrMonth(query["to"], "to", end: true),
            inclusion: InclusionOverride(request))
    }

    func render(_ request: Request, context: WebRequestContext) async -> Response {
        let query = request.uri.queryParameters
        let from = query["from"].map(String.init) ?? ""
        let to = query["to"].map(String.init) ?? ""
        let period = query["period"].map(String.init) ?? ReportPeriod.monthly.rawValue
        let details = query["details"].map { !$0.isEmpty } ?? false
        var errors: [String: String] = [:]
        var general: String?
        var body = HTML.empty
        var status = HTTPResponse.Status.ok
        do {
            let report = try await report(request)
            body += Self.table(report, details: details)
            let download =
                "/networth/report.csv?period=\(queryValue(period))&from=\(queryValue(from))&to=\(queryValue(to))"
            body += "<p><a href=\"\(download)\" download>Download as CSV</a></p>"
        } catch {
            let refusal = FolioError.from(error)
            status = WebResponses.status(for: refusal)
            NetWorthForms.place(refusal, fields: ["from", "to"], errors: &errors, general: &general)
            if refusal.field == "range" { errors["from"] = NetWorthForms.sentence(refusal) }
        }
        let periods = ReportPeriod.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }
        var form = Components.select("period", label: "Period", options: periods, selected: period)
        form += Components.field(
            "from", label: "From (optional, YYYY-MM-DD or YYYY-MM)", value: from, error: errors["from"],
            placeholder: "2024-01")
        form += Components.field(
            "to", label: "To (default today, YYYY-MM-DD or YYYY-MM)", value: to, error: errors["to"],
            placeholder: "2024-12")
        form += Components.checkbox("details", label: "A column per account", checked: details)
        form += "<button type=\"submit\">Show</button>"
        var content: HTML = NetWorthWeb.subnavigation
        content += "<form method=\"get\" action=\"/networth/report\" aria-label=\"Report range\">\(form)</form>"
        if let general { content += Components.notice(general, kind: "error") }
        content += body
        return environment.page(
            "Net worth report", request: request, context: context, status: status, content: content)
    }

    /// `GET /networth/report.csv`: the rows as a file.
    func download(_ request: Request) async -> Response {
        do {
            let report = try await report(request)
            return WebResponses.download(
                Self.csv(report), contentType: "text/csv; charset=utf-8",
                fileName: "networth-\(report.period.rawValue).csv")
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// The rows as `report --format csv` writes them (the domain's one export).
    static func csv(_ report: NetWorthReport) -> String {
        CSVOutput.document(header: report.csvHeader, rows: report.csvRows)
    }

    /// Newest first; `details` adds each counted account's value (`report --details`), a debt as the amount owed.
    static func table(_ report: NetWorthReport, details: Bool = false) -> HTML {
        let currency = report.currency
        let fixed = [
            report.period == .monthly ? "Month" : "Year", "Valued on", "Assets", "Debts", "Net worth", "Change",
            "Change %",
        ]
        let accounts = details ? report.accounts : []
        return Components.table(
            caption: report.rows.isEmpty
                ? "Nothing to report: no counted account has a balance update yet." : "Values in \(currency)",
            headers: fixed + accounts,
            numeric: Set(2..<(fixed.count + accounts.count)),
            rows: report.rows.reversed().map { row in
                [
                    "\(row.period)", Day.html(row.date), "\(Show.money(row.assets, currency))",
                    "\(Show.money(row.debts, currency))", "\(Show.money(row.netWorth, currency))",
                    "\(row.change.map { Show.money($0, currency, signed: true) } ?? "—")",
                    "\(row.change == nil ? "—" : Show.percent(row.changePercent))",
                ] + (details ? row.values.map { "\(Show.money($0, currency))" } : [])
            }, id: "report")
    }
}
