import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import MutualFundsPortfolio
import Timing

/// `/funds/portfolio`: the holdings valued (as `folio funds portfolio`), the allocation as bar charts, the gains
/// by financial year, and a statement upload with the same checks as `funds portfolio import`.
struct PortfolioPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The page; `refusal` (an import refused) is shown beside the file field with its status.
    func page(
        _ request: Request, context: WebRequestContext, refusal: FolioError? = nil
    ) async -> Response {
        let service: PortfolioService
        do {
            service = try FundsWebService.portfolio(environment)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "My funds", request: request, context: context)
        }
        var content = Self.uploadForm(csrf: context.csrfToken, refusal: refusal)
        content +=
            "<p><a href=\"\(TransactionsPage.path)\">Transactions</a>: every one with its id, remove one, "
            + "or record a purchase or redemption made outside any statement.</p>"
        do {
            let report = try await service.valuePortfolio()
            let query = request.uri.queryParameters
            let order = TableOrders(
                holdings: query["sort"].map(String.init), gains: query["gainsSort"].map(String.init))
            content += Self.holdings(report, order: order)
            content += TreatmentForms.html(report, csrf: context.csrfToken)
            if !report.holdings.isEmpty {
                let gains = try await service.gains()
                content += Self.gainsByYear(gains, order: order)
            }
        } catch {
            content += Components.notice(FolioError.from(error).line, kind: "error")
        }
        let status: HTTPResponse.Status = refusal.map(WebResponses.status(for:)) ?? .ok
        return environment.page("My funds", request: request, context: context, status: status, content: content)
    }

    /// Imports the uploaded statement, then shows the page again with what happened.
    func upload(
        _ request: Request, context: WebRequestContext
    ) async throws
        -> Response
    {
        guard MultipartForm.isMultipart(request.headers[.contentType]) else {
            return await page(
                request, context: context,
                refusal: FolioError(.invalid, "choose a statement file to upload", field: "file"))
        }
        let form = try await MultipartForm.read(request, context: context)
        guard let file = form.files["file"], !file.data.isEmpty else {
            return await page(
                request, context: context,
                refusal: FolioError(.invalid, "choose a statement file to upload", field: "file"))
        }
        do {
            let report = try await FundsWebService.portfolio(environment).importStatement(
                Data(file.data), allowMismatch: form.fields["allowMismatch"] == "on")
            var message =
                "Imported \(report.added) new transaction\(report.added == 1 ? "" : "s") "
                + "(\(report.alreadyHeld) already held) in \(report.schemes) scheme\(report.schemes == 1 ? "" : "s")."
            if !report.unreconciled.isEmpty { message += " \(report.unreconciled.count) marked unreconciled." }
            return WebResponses.redirect(to: "/funds/portfolio", flash: Flash(.success, message))
        } catch {
            var refusal = FolioError.from(error)
            if refusal.reason == .statementDoesNotReconcile {
                refusal = FolioError(
                    refusal.kind, refusal.what, why: refusal.why,
                    hint: "check the statement, or tick “Import even if it does not reconcile”", field: "file")
            }
            return await page(request, context: context, refusal: refusal)
        }
    }

    static func uploadForm(csrf: String, refusal: FolioError?) -> HTML {
        let message: HTML =
            refusal.map {
                "<span class=\"field-error\" id=\"file-error\">\($0.line)\($0.hint.map { " — \($0)" } ?? "")</span>"
            } ?? .empty
        let fields: HTML = """
            <label class="field wide"><span>Import a CAS statement converted by casparser (JSON or CSV, up to \
            \(WebLimits.maxBodyBytes / 1024) KB)</span><input type="file" name="file" accept=".json,.csv,application/json,text/csv"\
            \(refusal == nil ? HTML.empty : HTML(raw: " aria-invalid=\"true\" aria-describedby=\"file-error\""))>\(message)</label>\
            \(Components.checkbox("allowMismatch", label: "Import even if it does not reconcile (marked unreconciled)", checked: false))\
            <button type="submit">Import</button>
            """
        return Components.postForm(action: "/funds/portfolio/import", csrf: csrf, multipart: true, fields)
    }

    /// The orders of the page's two tables, each from its own query parameter, and the links that keep the other.
    struct TableOrders {
        var holdings: String?
        var gains: String?

        func link(holdings: String) -> String {
            "/funds/portfolio?\(holdings)" + (gains.map { "&gainsSort=\($0)" } ?? "") + "#holdings"
        }

        func link(gains: String) -> String {
            "/funds/portfolio?" + (holdings.map { "sort=\($0)&" } ?? "") + "\(gains)#gains"
        }
    }

    /// An optional figure's order: a row without one first.
    static func less<Value: Comparable>(_ left: Value?, _ right: Value?) -> Bool {
        guard let right else { return false }
        return left.map { $0 < right } ?? true
    }

    static let holdingColumns: [TableColumn<HoldingRow>] = [
        TableColumn("Scheme", key: "scheme") { $0.scheme < $1.scheme },
        TableColumn("Folio", key: "folio") { $0.folio < $1.folio },
        TableColumn("Units", key: "units", numeric: true) { $0.units < $1.units },
        TableColumn("Invested", key: "invested", numeric: true) { $0.invested < $1.invested },
        TableColumn("NAV", key: "nav", numeric: true) { less($0.nav, $1.nav) },
        TableColumn("NAV date", key: "date") { less($0.navDate, $1.navDate) },
        TableColumn("Value", key: "value", numeric: true) { less($0.value, $1.value) },
        TableColumn("Gain", key: "gain", numeric: true) { less($0.gain, $1.gain) },
        TableColumn("XIRR", key: "xirr", numeric: true) { less($0.xirr, $1.xirr) },
        TableColumn("Taxed as"),
    ]

    static let gainColumns: [TableColumn<GainsSummaryRow>] = [
        TableColumn("Financial year", key: "year") { $0.financialYear < $1.financialYear },
        TableColumn("Scheme", key: "scheme") { $0.scheme < $1.scheme },
        TableColumn("Tax"),
        TableColumn("LTCG", key: "ltcg", numeric: true) { $0.longTermGain < $1.longTermGain },
        TableColumn("LTCG taxable", key: "taxable", numeric: true) { $0.longTermTaxableGain < $1.longTermTaxableGain },
        TableColumn("STCG", key: "stcg", numeric: true) { $0.shortTermGain < $1.shortTermGain },
    ]

    static func holdings(_ report: PortfolioReport, order: TableOrders = TableOrders()) -> HTML {
        guard !report.holdings.isEmpty else {
            return Components.notice(
                "No holdings yet: import a statement above, or record a purchase under Transactions.")
        }
        var html = report.warnings.html { Components.notice($0, kind: "warning") }
        html +=
            "<p class=\"stamp\">\(report.asOf.map { "Valued at the NAVs on or before \($0)" } ?? "Valued at the latest NAVs")</p>"
        html +=
            SortedTable(
                columns: holdingColumns, rows: report.holdings, id: "holdings", noun: "holdings", sort: order.holdings,
                link: { order.link(holdings: $0) },
                total: [
                    "<strong>Total</strong>", "", "", "\(FundText.money(report.invested))", "", "",
                    "\(report.totalText(report.value, format: FundText.money))",
                    "\(report.totalText(report.gain) { Rupees.format($0, sign: .always) })",
                    "\(FundText.percent(report.xirr))", "",
                ]
            ) { row in
                let name: HTML = row.code.map { "<a href=\"/funds/\($0)\">\(row.scheme)</a>" } ?? "\(row.scheme)"
                let mark: HTML = row.reconciled ? .empty : " <strong>(unreconciled)</strong>"
                return [
                    name + mark, "\(row.folio)", "\(NumberFormat.decimal(row.units, fractionDigits: 3))",
                    "\(FundText.money(row.invested))", "\(row.nav.map(FundText.nav) ?? "—")",
                    "\(row.navDate ?? "—")\(row.stale ? " (\(row.navStatus == .inactive ? "inactive" : "stale"))" : "")",
                    "\(row.value.map(FundText.money) ?? "n/a")",
                    "\(row.gain.map { Rupees.format($0, sign: .always) } ?? "n/a")", "\(FundText.percent(row.xirr))",
                    // As the terminal's line under its table: a stored choice, else the rules decide.
                    "\(row.treatAs.map { "\($0.rawValue) (\(TreatmentBasis.set.wording))" } ?? "by the rules")",
                ]
            }.html
        for row in report.holdings {
            if let sentence = row.navStatusSentence {
                html += Components.notice("\(row.scheme) [\(row.folio)]: \(sentence)", kind: "warning")
            }
            if let note = row.note {
                html += Components.notice("\(row.scheme) [\(row.folio)]: \(note)", kind: "warning")
            }
        }
        for (title, rows) in [
            ("By category", report.allocation.category), ("By fund house", report.allocation.fundHouse),
            ("By plan", report.allocation.plan),
        ] where !rows.isEmpty {
            html += "<h2>Allocation \(title.lowercased())</h2>"
            html += BarChart(
                title: "Allocation \(title.lowercased())",
                bars: rows.map {
                    (
                        label: $0.name, value: $0.fraction,
                        text: "\(FundText.money($0.value)) · \(NumberFormat.percent($0.fraction, signed: false))"
                    )
                }
            ).render()
        }
        return html
    }

    static func gainsByYear(_ report: GainsReport, order: TableOrders = TableOrders()) -> HTML {
        var html: HTML = "<h2>Capital gains by financial year</h2>"
        guard !report.summary.isEmpty else {
            return html + Components.notice("No capital gains: nothing was sold.")
        }
        // A loss reads as every signed figure on the pages: `-₹1,000.00`, a gain `+₹1,000.00`.
        html +=
            SortedTable(
                columns: gainColumns, rows: report.summary, id: "gains", noun: "years", sort: order.gains,
                link: { order.link(gains: $0) }, parameters: ("gainsSort", "gainsPage")
            ) { row in
                [
                    // Each year leads to its tax: Schedule 112A, set-off and the estimate.
                    "<a href=\"\(TaxPage.path)?fy=\(row.financialYear)\">\(row.financialYear)</a>", "\(row.scheme)",
                    "\(row.treatment.rawValue) (\(row.treatmentBasis.wording))",
                    "\(Rupees.format(row.longTermGain, sign: .always))",
                    "\(Rupees.format(row.longTermTaxableGain, sign: .always))",
                    "\(Rupees.format(row.shortTermGain, sign: .always))",
                ]
            }.html
        for row in report.chosen {
            html += Components.notice(
                "\(row.scheme) (folio \(row.folio)): taxed as \(row.treatment.rawValue) (\(row.treatmentBasis.wording))"
            )
        }
        for line in report.skipped { html += Components.notice(line, kind: "warning") }
        return html + "<p>Every lot: <a href=\"/api/funds/portfolio/gains\">/api/funds/portfolio/gains</a> (JSON). "
            + "A year's Schedule 112A, set-off and tax: <a href=\"\(TaxPage.path)\">Capital gains tax</a>.</p>"
    }
}
