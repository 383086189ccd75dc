import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import MutualFundsPortfolio

/// `/funds/portfolio/tax`: a financial year's tax report, as `folio funds portfolio tax` (the JSON route answers
/// what `--format json` prints).
struct TaxPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let path = "/funds/portfolio/tax"

    /// The query: `fy`, `slab`, `details`, and on the page `format=csv` for Schedule 112A as the e-filing
    /// utility's CSV.
    struct Query {
        var fy: String?
        var slab: String?
        var details: Bool
        var csv: Bool
        /// NAVs of 31-Jan-2018 typed for schemes whose history cannot be read (`122639=24.6526`), as `--fmv`.
        var fmv: String?

        init(_ request: Request) throws(FolioError) {
            let query = request.uri.queryParameters
            fy = query["fy"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            slab = query["slab"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            fmv = query["fmv"].map(String.init).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            switch query["details"].map(String.init) {
            case nil, "", "false", "0": details = false
            case "true", "1", "on": details = true
            case let text?:
                throw FolioError(.invalid, "invalid details \"\(text)\"", hint: "give true or false", field: "details")
            }
            switch query["format"].map(String.init) {
            case nil, "", "html": csv = false
            case "csv": csv = true
            case let text?:
                throw FolioError(
                    .invalid, "invalid format \"\(text)\"", hint: "give csv or leave it out", field: "format")
            }
        }

        /// This query's address for another year, or for its CSV, keeping everything else it asks.
        func path(fy: String? = nil, csv: Bool = false) -> String {
            var items = ["fy=\(fy ?? self.fy ?? "")"]
            if let slab {
                items.append("slab=\(slab.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            }
            if details { items.append("details=1") }
            if let fmv { items.append("fmv=\(fmv.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")") }
            if csv { items.append("format=csv") }
            return TaxPage.path + "?" + items.joined(separator: "&")
        }

        /// The report the query asks for.
        func report(_ service: PortfolioService) async throws -> TaxReport {
            guard let fy else {
                throw FolioError(.invalid, "give a financial year", hint: "fy=2024-25", field: "fy")
            }
            // Read here rather than with the query, so that a mistyped NAV is refused beside the form that keeps it.
            let fairValues = try fmv.map { text throws(FolioError) in try FairValues.parse(text) } ?? [:]
            return try await service.tax(financialYear: fy, slab: slab, details: details, fairValues: fairValues)
        }
    }

    func page(_ request: Request, context: WebRequestContext) async -> Response {
        var content: HTML = .empty
        var status: HTTPResponse.Status = .ok
        var query: Query?
        do {
            let asked = try Query(request)
            query = asked
            let service = try FundsWebService.portfolio(environment)
            if asked.fy == nil {
                content += Self.form(asked) + Self.years(try await service.yearsWithSales(), query: asked)
            } else {
                let report = try await asked.report(service)
                if asked.csv {
                    return try WebResponses.download(
                        Self.schedule112ACSV(report), contentType: "text/csv; charset=utf-8",
                        fileName: "schedule-112a-\(report.financialYear).csv")
                }
                content += Self.form(asked, missing: report.schemesWithoutFairValue)
                content += Self.years(report.yearsWithSales, query: asked)
                content += Self.html(report, query: asked)
            }
        } catch {
            let refusal = FolioError.from(error)
            status = WebResponses.status(for: refusal)
            // What was typed stays in the form above the refusal, to be corrected.
            content = (query.map { Self.form($0) } ?? .empty) + Components.notice(refusal.line, kind: "error")
        }
        return environment.page(
            "Capital gains tax", request: request, context: context, status: status, content: content)
    }

    /// The year's form; the NAVs of 31-Jan-2018 are asked for only when a scheme lacks its own (`missing`, by
    /// name) or some were given.
    static func form(_ query: Query, missing: [String] = []) -> HTML {
        var fields =
            Components.field("fy", label: "Financial year", value: query.fy ?? "", placeholder: "2024-25")
            + Components.field(
                "slab", label: "Slab rate (short-term gains of other funds)", value: query.slab ?? "",
                placeholder: "30%")
            + Components.checkbox("details", label: "Schedule 112A per lot", checked: query.details)
        if query.fmv != nil || !missing.isEmpty {
            fields += Components.field(
                "fmv",
                label: "NAV of 31-Jan-2018 (code or ISIN = NAV, from AMFI's NAV history)"
                    + (missing.isEmpty ? "" : " for \(missing.joined(separator: ", "))"),
                value: query.fmv ?? "", placeholder: "122639=24.6526")
        }
        return "<form method=\"get\" action=\"\(path)\">\(fields)<button type=\"submit\">Show</button></form>"
    }

    /// Schedule 112A as the e-filing utility's CSV template takes it, the same bytes as
    /// `folio funds portfolio tax --schedule 112a --format csv`.
    static func schedule112ACSV(_ report: TaxReport) throws -> String {
        let table = try report.schedule112AFilingTable()
        return CSVOutput.document(header: table.header, rows: table.rows)
    }

    /// Links to the years the portfolio sold in, so the page is reached without knowing which they are.
    static func years(_ years: [String], query: Query) -> HTML {
        guard !years.isEmpty else { return Components.notice("The portfolio has no sales yet.") }
        let links: [HTML] = years.enumerated().map { index, year in
            let separator: HTML = index == 0 ? .empty : " · "
            let current: HTML = year == query.fy ? " aria-current=\"page\"" : .empty
            return "\(separator)<a href=\"\(query.path(fy: year))\"\(current)>\(year)</a>"
        }
        return "<p>Years with sales: \(links)</p>"
    }

    static func html(_ report: TaxReport, query: Query) -> HTML {
        let money = { (value: Amount) in HTML(stringLiteral: FundText.money(value)) }
        let rate = { (value: Amount?) in HTML(stringLiteral: value.map { "\($0.plainText)%" } ?? "slab") }
        var html: HTML = "<h2>FY \(report.financialYear)</h2>"
        guard report.hasSales else {
            html += Components.notice("No sales in \(report.financialYear).")
            return html + carried(report) + dividends(report)
        }
        html += Components.table(
            caption: "Schedule CG",
            headers: [
                "Section", "Term", "Transfers", "Rate", "Sale", "Cost", "Gain",
                "Set off", "Brought forward", "Exempt", "Taxable", "Tax",
            ],
            numeric: Set(3...11),
            rows: report.lines.map { line in
                [
                    "\(line.section)", "\(line.term)", "\(line.transfers)", rate(line.rate), money(line.saleValue),
                    money(line.acquisitionValue), money(line.gain), money(line.setOff),
                    money(line.broughtForwardSetOff),
                    money(line.exemption), money(line.taxable), line.tax.map(money) ?? "—",
                ]
            })
        html +=
            "<div class=\"figures\">"
            + Components.figure("Tax (estimate)", FundText.money(report.tax), detail: "before surcharge and cess")
            + (report.exemptionLimit.isZero
                ? Components.figure("s. 112A exemption", "none", detail: "before FY 2018-19")
                : Components.figure(
                    "s. 112A exemption used", FundText.money(report.exemptionUsed),
                    detail: "of \(FundText.money(report.exemptionLimit))"))
            + "</div>"
        html += carried(report)
        html += Components.table(
            caption: "Schedule 112A",
            headers: [
                "1a", "1b", "Name", "Bought", "Units", "Sale (6)", "Cost (8)", "FMV (11)",
                "Deductions (13)", "Balance (14)",
            ],
            numeric: Set(4...9),
            rows: report.schedule112A.map { row in
                [
                    "\(row.acquired)", "\(row.transferred ?? "—")", "\(row.name)", "\(row.purchaseDate ?? "—")",
                    "\(row.units.plainText)",
                    money(row.fullValue), money(row.costOfAcquisition),
                    row.fairValueUnknown ? "unknown" : money(row.totalFMV), money(row.totalDeductions),
                    money(row.balance),
                ]
            })
        if !report.schedule112A.isEmpty, report.schemesWithoutFairValue.isEmpty {
            html +=
                "<p><a href=\"\(query.path(csv: true))\" download>Download Schedule 112A (CSV)</a>, "
                + "the columns of the e-filing utility's template\(query.details ? ", a row per lot" : "").</p>"
        }
        html += Components.table(
            caption: "Gains by advance-tax period (before set-off)",
            headers: ["Section", "Transfers", "Rate"] + report.advanceTaxPeriods,
            numeric: Set(2...(2 + report.advanceTaxPeriods.count)),
            rows: report.advanceTax.map { row in
                ["\(row.section)", "\(row.transfers)", rate(row.rate)] + row.amounts.map(money)
            })
        html += dividends(report)
        for note in report.notes { html += Components.notice(note) }
        for line in report.skipped { html += Components.notice(line, kind: "warning") }
        return html + "<p>As JSON: <a href=\"/api/funds/portfolio/tax?fy=\(report.financialYear)\">"
            + "/api/funds/portfolio/tax?fy=\(report.financialYear)</a>.</p>"
    }

    static func carried(_ report: TaxReport) -> HTML {
        var html: HTML = .empty
        for (title, losses) in [
            ("Brought forward", report.broughtForward), ("To carry forward", report.carriedForward),
        ]
        where !losses.isEmpty {
            html += Components.table(
                caption: "Losses \(title.lowercased())", headers: ["From FY", "Until FY", "Short-term", "Long-term"],
                numeric: [2, 3],
                rows: losses.map { ["\($0.financialYear)", "\($0.lastYear)", money($0.shortTerm), money($0.longTerm)] })
        }
        return html
    }

    /// The year's dividends and TDS per scheme, as `tax` lists them; nothing when the year had none.
    static func dividends(_ report: TaxReport) -> HTML {
        guard !report.dividends.isEmpty else { return .empty }
        let rows = report.dividends
        let total = { (values: [Amount]) in money((try? values.sum()) ?? .zero) }
        return Components.table(
            caption: "Dividends and TDS (other sources)",
            headers: ["Folio", "Scheme", "Paid out", "Reinvested", "TDS"], numeric: [2, 3, 4],
            rows: rows.map { row in
                ["\(row.folio)", "\(row.scheme)", money(row.paidOut), money(row.reinvested), money(row.tds)]
            }
                + [
                    [
                        "Total", "", total(rows.map(\.paidOut)), total(rows.map(\.reinvested)),
                        total(rows.map(\.tds)),
                    ]
                ])
    }

    static func money(_ value: Amount) -> HTML { HTML(stringLiteral: FundText.money(value)) }
}
