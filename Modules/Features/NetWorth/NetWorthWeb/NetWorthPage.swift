import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import NetWorth
import Timing

/// `/networth`, rendered from the services' report values. When the summary cannot be computed the page still
/// shows why, the accounts and the update form, so a bad figure can be corrected from the page itself.
struct NetWorthPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// What the update form holds, and its errors by field.
    struct UpdateForm: Sendable {
        var account = ""
        var amount = ""
        var date = ""
        var note = ""
        var errors: [String: String] = [:]
        var general: String?
    }

    func render(
        _ request: Request, context: WebRequestContext, form: UpdateForm = UpdateForm(),
        addForm: AccountForms.AddForm = AccountForms.AddForm(),
        rateForm: AccountForms.RateForm = AccountForms.RateForm(),
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let dependencies: NetWorthDependencies
        let accounts: [AccountReport]
        do {
            dependencies = try NetWorthWeb.dependencies(environment)
            accounts = try await AccountService(dependencies).list()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Net worth", request: request, context: context)
        }
        guard !accounts.isEmpty else {
            let content: HTML = """
                \(Components.notice("No accounts yet.", kind: "info"))
                <p>Add your accounts below, or load the sample data to look around:</p>
                \(Components.postForm(action: "/networth/sample", csrf: context.csrfToken, "<button type=\"submit\">Load sample accounts</button>"))
                <h2 id="add-account">Add an account</h2>
                \(AccountForms.addForm(addForm, csrf: context.csrfToken))
                """
            return environment.page(
                "Net worth", request: request, context: context, status: status, scripts: [WebChart.scriptPath],
                content: content)
        }
        let inclusion = InclusionOverride(request)
        let names = accounts.map(\.name)
        var content = NetWorthWeb.subnavigation
        do {
            let summary = try await SummaryService(dependencies).summary(inclusion: inclusion)
            content += Self.figures(summary)
            content += summary.warnings.html { Components.notice($0, kind: "warning") }
            content += Self.toggleForm(summary)
            content += await Self.monthlyChart(dependencies, inclusion: inclusion)
            content += "<h2>Accounts</h2>"
            content += Self.accountsTable(summary, csrf: context.csrfToken)
            if let directory = environment.featureContext?.valueSources, !directory.patterns.isEmpty {
                let sources = await SourceDeadline.known(
                    directory, deadline: environment.pagePolicy.deadline, clock: environment.timing.clock)
                content += "<h2 id=\"link\">Follow a value source</h2>"
                content += LinkForms.form(names, sources: sources, csrf: context.csrfToken)
            }
        } catch {
            let refusal = FolioError.from(error)
            content += Components.notice("The summary cannot be computed: \(refusal.line)", kind: "error")
            content += "<h2>Accounts</h2>"
            content += Self.plainAccounts(accounts)
        }
        content += "<h2 id=\"update\">Record a balance</h2>"
        content += Self.updateForm(names, form: form, csrf: context.csrfToken)
        content += "<h2 id=\"add-account\">Add an account</h2>"
        content += AccountForms.addForm(addForm, csrf: context.csrfToken)
        content += "<h2 id=\"rates\">Exchange rates</h2>"
        content += AccountForms.rateForm(rateForm, csrf: context.csrfToken)
        return environment.page(
            "Net worth", request: request, context: context, status: status, scripts: [WebChart.scriptPath],
            content: content)
    }

    static func figures(_ summary: SummaryReport) -> HTML {
        let detail = summary.changeSinceLastUpdate.map { change in
            "\(Show.money(change.netWorth.change, summary.currency, signed: true)) "
                + "(\(Show.percent(change.netWorth.changePercent))) since \(change.previousDate.iso8601)"
        }
        return """
            <div class="figures" id="networth-figures">\(Components.figure("Net worth", Show.money(summary.netWorth, summary.currency), detail: detail))\
            \(Components.figure("Assets", Show.money(summary.assets, summary.currency)))\
            \(Components.figure("Debts", Show.money(summary.debts, summary.currency)))\
            \(Components.figure("As of", summary.asOf.iso8601))</div>
            """
    }

    static func toggleForm(_ summary: SummaryReport) -> HTML {
        """
        <form method="get" action="/networth" class="inline" aria-label="What counts"><input type="hidden" name="toggles" value="1">\
        \(Components.checkbox("pension", label: "Include pensions", checked: summary.includePensions))\
        \(Components.checkbox("mortgage", label: "Include mortgages", checked: summary.includeMortgages))\
        <button type="submit" class="secondary">Apply</button></form>
        """
    }

    static func accountsTable(_ summary: SummaryReport, csrf: String) -> HTML {
        let rows: [[HTML]] = summary.accounts.map { account in
            let counted: HTML =
                if let reason = account.excludedBecause {
                    "not counted (\(reason))"
                } else if let reason = account.unvaluedBecause { "not valued: \(reason)" } else { "counted" }
            let changeClass = account.trend == .positive ? "pos" : account.trend == .negative ? "neg" : ""
            let change =
                account.change.map {
                    "\(Show.money($0, account.currency, signed: true)) \(Show.percent(account.changePercent))"
                } ?? "—"
            return [
                "<a href=\"\(AccountPage.link(account.name))\">\(account.name)</a>",
                "\(account.type.rawValue)\(account.debt ? " (debt)" : "")",
                "\(Show.money(account.balance, account.currency))", "\(Show.money(account.value, summary.currency))",
                "<span class=\"\(changeClass)\">\(change)</span>", SourceCell.html(account, csrf: csrf), counted,
                inclusionButton(account.name, include: account.excludedBecause == "excluded", csrf: csrf)
                    + AccountForms.removeButton(account.name, csrf: csrf),
            ]
        }
        return Components.table(
            headers: ["Account", "Type", "Balance", "Value", "Change since last update", "Last update", "Counted", ""],
            numeric: [2, 3, 4], rows: rows, id: "accounts")
    }

    /// The accounts without values, for a page whose summary failed.
    static func plainAccounts(_ accounts: [AccountReport]) -> HTML {
        let rows: [[HTML]] = accounts.map { account in
            [
                "\(account.name)", "\(account.type.rawValue)", "\(Show.money(account.balance, account.currency))",
                "\(account.lastUpdate?.iso8601 ?? "—")",
            ]
        }
        return Components.table(
            headers: ["Account", "Type", "Balance", "Last update"], numeric: [2], rows: rows, id: "accounts")
    }

    static func inclusionButton(_ name: String, include: Bool, csrf: String) -> HTML {
        let action = include ? "include" : "exclude"
        return Components.postForm(
            action: "/networth/accounts/\(action)", csrf: csrf, class: "inline",
            "<input type=\"hidden\" name=\"account\" value=\"\(name)\"><button type=\"submit\" class=\"secondary\">\(action.capitalized)</button>"
        )
    }

    static func updateForm(_ names: [String], form: UpdateForm, csrf: String) -> HTML {
        var content = HTML.empty
        if let general = form.general { content += Components.notice(general, kind: "error") }
        let accountError = Components.fieldError(form.errors["account"], for: "account")
        content +=
            Components.select("account", label: "Account", options: names.map { ($0, $0) }, selected: form.account)
            + accountError
        content += Components.field(
            "amount", label: "Balance", value: form.amount, error: form.errors["amount"], placeholder: "1350.50",
            attributes: " inputmode=\"decimal\" required")
        content += Components.field(
            "date", label: "Date (default today)", value: form.date, error: form.errors["date"], type: "date")
        content += Components.field(
            "note", label: "Note (at most \(InputLimits.maximumNoteLength) characters)", value: form.note,
            error: form.errors["note"])
        content += "<button type=\"submit\">Record</button>"
        return Components.postForm(action: "/networth/update", csrf: csrf, content)
    }

    /// The monthly chart under its heading, above the accounts and the forms.
    static func monthlyChart(_ dependencies: NetWorthDependencies, inclusion: InclusionOverride) async -> HTML {
        do {
            let report = try await ReportService(dependencies).report(.monthly, inclusion: inclusion)
            return "<h2>By month</h2>" + chart(report)
        } catch {
            return "<h2>By month</h2>" + Components.notice("No chart: \(FolioError.from(error).line)", kind: "warning")
        }
    }

    static func chart(_ report: NetWorthReport) -> HTML {
        let points = report.rows.map { ChartPoint(date: $0.date, y: $0.netWorth.doubleValue) }
        guard points.count > 1 else { return Components.notice("Not enough history for a chart yet.") }
        let symbol = NumberFormat.currencySymbol(report.currency)
        let chart = WebChart(
            title: "Net worth by month", points: points, axisLabel: { ChartLabels.money($0, symbol: symbol) })
        return chart.figure(
            id: "networth-chart", caption: "Net worth at the end of each month (\(points.count) months).")
            + svgLinks(report.inclusion)
    }

    /// The downloads of what `chart --svg FILE [--breakdown]` writes, counting what the page counts.
    static func svgLinks(_ inclusion: Inclusion) -> HTML {
        let query =
            "pension=\(inclusion.includePensions ? "include" : "exclude")"
            + "&mortgage=\(inclusion.includeMortgages ? "include" : "exclude")"
        return "<p><a href=\"/networth/chart.svg?\(query)\" download>Download the chart as SVG</a> · "
            + "<a href=\"/networth/chart.svg?breakdown=1&amp;\(query)\" download>with assets and debts</a></p>"
    }

    /// The dashboard's card: the figures, or why they cannot be shown (never silently dropped once there are
    /// accounts).
    static func dashboardCard(_ environment: WebEnvironment) async -> DashboardCard? {
        guard let dependencies = try? NetWorthWeb.dependencies(environment) else { return nil }
        let body: HTML
        do {
            let summary = try await SummaryService(dependencies).summary()
            guard !summary.accounts.isEmpty else { return nil }
            body = figures(summary)
        } catch {
            body = Components.notice("The summary cannot be computed: \(FolioError.from(error).line)", kind: "error")
        }
        return DashboardCard(title: "Net worth", link: "/networth", body: body)
    }
}

/// Money as the terminal shows it.
enum Show {
    static func money(_ value: Amount?, _ currency: String, signed: Bool = false) -> String {
        guard let value else { return "—" }
        return signed
            ? NumberFormat.signedMoney(value, currency: currency) : NumberFormat.money(value, currency: currency)
    }

    static func percent(_ value: Amount?) -> String {
        value.map { NumberFormat.percent($0) } ?? "% n/a"
    }
}
