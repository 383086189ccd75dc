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
/// `period` = `monthly` or `yearly`, `from`/`to` = YYYY-MM-DD, and the summary's pension/mortgage toggles.
enum ReportPage {
    /// The report the query asks for, or the refusal blaming the parameter.
    static func report(_ request: Request, environment: WebEnvironment) async throws -> NetWorthReport {
        let query = request.uri.queryParameters
        let period = query["period"].flatMap { ReportPeriod(rawValue: String($0)) } ?? .monthly
        return try await ReportService(NetWorthWeb.dependencies(environment)).report(
            period, from: try NetWorthWeb.day(query["from"], "from"), to: try NetWorthWeb.day(query["to"], "to"),
            inclusion: InclusionOverride(request))
    }

    static func render(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = request.uri.queryParameters
        let from = query["from"].map(String.init) ?? ""
        let to = query["to"].map(String.init) ?? ""
        let period = query["period"].map(String.init) ?? ReportPeriod.monthly.rawValue
        var errors: [String: String] = [:]
        var general: String?
        var body = HTML.empty
        var status = HTTPResponse.Status.ok
        do {
            let report = try await report(request, environment: environment)
            body += table(report)
            let download = "/networth/report.csv?period=\(queryValue(period))&from=\(queryValue(from))&to=\(queryValue(to))"
            body += "<p><a href=\"\(download)\" download>Download as CSV</a></p>"
        } catch {
            let refusal = FolioError.from(error)
            status = WebResponses.status(for: refusal)
            NetWorthForms.place(refusal, fields: ["from", "to"], errors: &errors, general: &general)
            if refusal.field == "range" { errors["from"] = NetWorthForms.sentence(refusal) }
        }
        let periods = ReportPeriod.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }
        var form = Components.select("period", label: "Period", options: periods, selected: period)
        form += Components.field("from", label: "From (optional)", value: from, error: errors["from"], type: "date")
        form += Components.field("to", label: "To (default today)", value: to, error: errors["to"], type: "date")
        form += "<button type=\"submit\">Show</button>"
        var content: HTML = NetWorthWeb.subnavigation
        content += "<form method=\"get\" action=\"/networth/report\" aria-label=\"Report range\">\(form)</form>"
        if let general { content += Components.notice(general, kind: "error") }
        content += body
        return environment.page("Net worth report", request: request, context: context, status: status, content: content)
    }

    /// `GET /networth/report.csv`: the rows as a file.
    static func download(_ request: Request, environment: WebEnvironment) async -> Response {
        do {
            let report = try await report(request, environment: environment)
            return WebResponses.download(
                csv(report), contentType: "text/csv; charset=utf-8", fileName: "networth-\(report.period.rawValue).csv")
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// The fixed columns then one per counted account, as `report --format csv`.
    static func csv(_ report: NetWorthReport) -> String {
        let header = ["period", "date", "currency", "assets", "debts", "netWorth", "change", "changePercent"]
            + report.accounts
        let rows = report.rows.map { row -> [String] in
            [
                row.period, row.date.iso8601, report.currency, "\(row.assets)", "\(row.debts)", "\(row.netWorth)",
                row.change.map { "\($0)" } ?? "", row.changePercent.map { "\($0)" } ?? "",
            ] + row.values.map { $0.map { "\($0)" } ?? "" }
        }
        return CSVOutput.document(header: header, rows: rows)
    }

    static func table(_ report: NetWorthReport) -> HTML {
        let currency = report.currency
        return Components.table(
            caption: report.rows.isEmpty
                ? "Nothing to report: no counted account has a balance update yet." : "Values in \(currency)",
            headers: [report.period == .monthly ? "Month" : "Year", "Valued on", "Assets", "Debts", "Net worth", "Change", "Change %"],
            numeric: [2, 3, 4, 5, 6],
            rows: report.rows.reversed().map { row in
                [
                    "\(row.period)", Day.html(row.date), "\(Show.money(row.assets, currency))",
                    "\(Show.money(row.debts, currency))", "\(Show.money(row.netWorth, currency))",
                    "\(row.change.map { Show.money($0, currency, signed: true) } ?? "—")",
                    "\(row.change == nil ? "—" : Show.percent(row.changePercent))",
                ]
            }, id: "report")
    }
}
