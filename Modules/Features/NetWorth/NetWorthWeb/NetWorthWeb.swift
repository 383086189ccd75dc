import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import Timing

/// The net-worth pages: `/networth` (summary with the pension/mortgage toggles, accounts with per-account
/// exclusion, the update form, the monthly chart) and `/api/networth/summary`, all through the
/// `folio networth` commands.
public enum NetWorthWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "networth", navigation: NavigationEntry(title: "Net worth", path: "/networth"),
        openAPIPaths: [
            "/api/networth/summary": .openAPIGet(
                "The summary, as `folio networth summary --format json`.", query: ["pension", "mortgage", "asOf"],
                response: OpenAPISchema.object(
                    [
                        "accounts": OpenAPISchema.array(OpenAPISchema.anyObject), "asOf": OpenAPISchema.string,
                        "assets": OpenAPISchema.number, "debts": OpenAPISchema.number, "netWorth": OpenAPISchema.number,
                        "currency": OpenAPISchema.string, "includePensions": OpenAPISchema.boolean,
                        "includeMortgages": OpenAPISchema.boolean,
                    ],
                    required: ["accounts", "asOf", "assets", "debts", "netWorth", "currency", "includePensions", "includeMortgages"]))
        ],
        dashboard: { environment, _ in await dashboardCard(environment) },
        routes: { router, environment in
            router.get("/networth") { request, context in
                await page(request, context: context, environment: environment, form: UpdateForm())
            }
            router.post("/networth/update") { request, context in
                try await update(request, context: context, environment: environment)
            }
            router.post("/networth/accounts/exclude") { request, context in
                try await toggle("exclude", request, context: context, environment: environment)
            }
            router.post("/networth/accounts/include") { request, context in
                try await toggle("include", request, context: context, environment: environment)
            }
            router.post("/networth/sample") { _, _ in
                let result = await environment.runner.run("networth", ["sample"])
                return WebResponses.redirect(
                    to: "/networth",
                    flash: result.error.map { _ in Flash(.error, result.errorLine ?? "") }
                        ?? Flash(.success, "Sample accounts loaded."))
            }
            router.get("/api/networth/summary") { request, _ in
                let toggles = Toggles(request)
                var arguments = ["summary"] + toggles.arguments
                if let asOf = request.uri.queryParameters["asOf"] { arguments.append("--as-of=\(asOf)") }
                return environment.jsonResponse(await environment.runner.run("networth", arguments + ["--format", "json"]))
            }
        })

    /// What the update form holds, and its errors by field.
    struct UpdateForm: Sendable {
        var account = ""
        var amount = ""
        var date = ""
        var note = ""
        var errors: [String: String] = [:]
        var general: String?
    }

    static func page(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, form: UpdateForm,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let toggles = Toggles(request)
        let summaryResult = await environment.runner.run("networth", ["summary"] + toggles.arguments + ["--format", "json"])
        if let error = summaryResult.error, error.kind == .internal || error.kind == .unavailable {
            return environment.failurePage(error, title: "Net worth", request: request, context: context)
        }
        guard let summary = try? SummaryView.decode(summaryResult.output), !summary.accounts.isEmpty else {
            let content: HTML = """
                \(Components.notice(summaryResult.errorLine ?? "No accounts yet.", kind: "info"))
                <p>Add accounts with <code>folio networth accounts add</code>, or load the sample data:</p>
                \(Components.postForm(action: "/networth/sample", csrf: context.csrfToken, "<button type=\"submit\">Load sample accounts</button>"))
                """
            return environment.page("Net worth", request: request, context: context, content: content)
        }
        let report = await environment.runner.run("networth", ["report", "--monthly"] + toggles.arguments + ["--format", "json"])
        let rows = (try? ReportRowView.decode(report.output)) ?? []
        let content: HTML = """
            \(figures(summary))
            \(toggleForm(summary))
            <h2>Accounts</h2>
            \(accountsTable(summary, csrf: context.csrfToken))
            <h2 id="update">Record a balance</h2>
            \(updateForm(summary, form: form, csrf: context.csrfToken))
            <h2>By month</h2>
            \(chart(rows, currency: summary.currency))
            """
        return environment.page("Net worth", request: request, context: context, status: status, content: content)
    }

    static func figures(_ summary: SummaryView) -> HTML {
        let change = summary.changeSinceLastUpdate
        let detail = change.map { change in
            "\(Show.money(change.netWorth.change, summary.currency, signed: true)) (\(Show.percent(change.netWorth.changePercent))) since \(change.previousDate ?? "the previous update")"
        }
        return """
            <div class="figures" id="networth-figures">\(Components.figure("Net worth", Show.money(summary.netWorth, summary.currency), detail: detail))\
            \(Components.figure("Assets", Show.money(summary.assets, summary.currency)))\
            \(Components.figure("Debts", Show.money(summary.debts, summary.currency)))\
            \(Components.figure("As of", summary.asOf))</div>
            """
    }

    static func toggleForm(_ summary: SummaryView) -> HTML {
        """
        <form method="get" action="/networth" class="inline" aria-label="What counts"><input type="hidden" name="toggles" value="1">\
        \(Components.checkbox("pension", label: "Include pensions", checked: summary.includePensions))\
        \(Components.checkbox("mortgage", label: "Include mortgages", checked: summary.includeMortgages))\
        <button type="submit" class="secondary">Apply</button></form>
        """
    }

    static func accountsTable(_ summary: SummaryView, csrf: String) -> HTML {
        let rows: [[HTML]] = summary.accounts.map { account in
            let action = account.excludedBecause == "excluded" ? "include" : "exclude"
            let counted: HTML = account.counted ? "counted" : "not counted (\(account.excludedBecause ?? "excluded"))"
            let button = Components.postForm(
                action: "/networth/accounts/\(action)", csrf: csrf, class: "inline",
                "<input type=\"hidden\" name=\"account\" value=\"\(account.name)\"><button type=\"submit\" class=\"secondary\">\(action.capitalized)</button>")
            let changeClass = account.trend == "positive" ? "pos" : account.trend == "negative" ? "neg" : ""
            return [
                "\(account.name)", "\(account.type)\(account.debt ? " (debt)" : "")",
                "\(Show.money(account.balance, account.currency))", "\(Show.money(account.value, summary.currency))",
                "<span class=\"\(changeClass)\">\(Show.money(account.change, account.currency, signed: true)) \(account.change == nil ? "" : Show.percent(account.changePercent))</span>",
                "\(account.lastUpdate ?? "—")", counted, button,
            ]
        }
        return Components.table(
            headers: ["Account", "Type", "Balance", "Value", "Change since last update", "Last update", "Counted", ""],
            numeric: [2, 3, 4], rows: rows, id: "accounts")
    }

    static func updateForm(_ summary: SummaryView, form: UpdateForm, csrf: String) -> HTML {
        let options = summary.accounts.map { (value: $0.name, title: $0.name) }
        var content = HTML.empty
        if let general = form.general { content += Components.notice(general, kind: "error") }
        let accountError: HTML = form.errors["account"].map { "<span class=\"field-error\">\($0)</span>" } ?? .empty
        content += Components.select("account", label: "Account", options: options, selected: form.account) + accountError
        content += Components.field("amount", label: "Balance", value: form.amount, error: form.errors["amount"], placeholder: "1350.50", attributes: " inputmode=\"decimal\" required")
        content += Components.field("date", label: "Date (default today)", value: form.date, error: form.errors["date"], type: "date")
        content += Components.field("note", label: "Note", value: form.note, error: form.errors["note"])
        content += "<button type=\"submit\">Record</button>"
        return Components.postForm(action: "/networth/update", csrf: csrf, content)
    }

    static func chart(_ rows: [ReportRowView], currency: String) -> HTML {
        let points = rows.compactMap { row in
            CalendarDate(iso8601: row.date).map { ChartPoint(date: $0, y: row.netWorth.doubleValue) }
        }
        guard points.count > 1 else { return Components.notice("Not enough history for a chart yet.") }
        let symbol = NumberFormat.currencySymbol(currency)
        let svg = SVGChart.dated(series: [ChartSeries(name: "Net worth", points: points)], title: "Net worth by month") { value in
            symbol + ChartLabels.grouped(value)
        }
        return "<figure class=\"chart\" id=\"networth-chart\">\(HTML(raw: svg.render()))<figcaption>Net worth at the end of each month (\(points.count) months).</figcaption></figure>"
    }

    static func update(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = UpdateForm(account: fields["account"] ?? "", amount: fields["amount"] ?? "", date: fields["date"] ?? "", note: fields["note"] ?? "")
        guard !form.account.isEmpty else {
            form.errors["account"] = "choose an account"
            return await page(request, context: context, environment: environment, form: form, status: .unprocessableContent)
        }
        var arguments = ["update", form.account, form.amount.isEmpty ? "" : form.amount]
        if !form.date.isEmpty { arguments.append("--date=\(form.date)") }
        if !form.note.isEmpty { arguments.append("--note=\(form.note)") }
        if form.amount.isEmpty { arguments.remove(at: 2) }
        let result = await environment.runner.run("networth", arguments)
        guard let error = result.error else {
            let message = result.output.split(separator: "\n").first.map(String.init) ?? "Recorded."
            return WebResponses.redirect(to: "/networth", flash: Flash(.success, message))
        }
        let message = result.errorLine ?? error.what
        let hint = error.hint.map { " (\($0))" } ?? ""
        switch result.blamedField(["amount": ["amount"], "date": ["date"], "account": ["account"]]) {
        case "amount"?: form.errors["amount"] = message
        case "date"?: form.errors["date"] = message + hint
        case "account"?: form.errors["account"] = message
        default: form.general = message + hint
        }
        return await page(
            request, context: context, environment: environment, form: form, status: WebResponses.status(for: error))
    }

    static func toggle(
        _ action: String, _ request: Request, context: WebRequestContext, environment: WebEnvironment
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        guard let account = fields["account"] else { throw HTTPError(.badRequest, message: "No account was named.") }
        let result = await environment.runner.run("networth", ["accounts", action, account])
        let flash = result.error == nil
            ? Flash(.success, result.output.trimmingCharacters(in: .whitespacesAndNewlines))
            : Flash(.error, result.errorLine ?? "")
        return WebResponses.redirect(to: "/networth", flash: flash)
    }

    static func dashboardCard(_ environment: WebEnvironment) async -> HTML? {
        let result = await environment.runner.run("networth", ["summary", "--format", "json"])
        guard let summary = try? SummaryView.decode(result.output), !summary.accounts.isEmpty else { return nil }
        return "<section class=\"card\"><h2><a href=\"/networth\">Net worth</a></h2>\(figures(summary))</section>"
    }
}

/// The pension/mortgage toggles from the query: with `toggles=1` a missing checkbox means "leave out";
/// without it the saved settings apply (no flags).
struct Toggles: Sendable {
    var pension: Bool?
    var mortgage: Bool?

    init(_ request: Request) {
        let query = request.uri.queryParameters
        if query["toggles"] != nil {
            pension = query["pension"] != nil
            mortgage = query["mortgage"] != nil
        } else {
            pension = query["pension"].map { $0 != "exclude" }
            mortgage = query["mortgage"].map { $0 != "exclude" }
        }
    }

    var arguments: [String] {
        var arguments: [String] = []
        if let pension { arguments.append(pension ? "--include-pension" : "--exclude-pension") }
        if let mortgage { arguments.append(mortgage ? "--include-mortgage" : "--exclude-mortgage") }
        return arguments
    }
}
