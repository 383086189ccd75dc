import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import Timing

/// `/funds/{code}`: the scheme's figures from `funds show`, its NAV chart for the chosen range from
/// `funds history`, the SIP calculator (`funds sip`) and the favourite toggle.
enum FundPage {
    static func page(_ code: String, request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = request.uri.queryParameters
        let range = query["range"].flatMap { HistoryRange(text: String($0)) } ?? .oneYear
        let shown = await environment.runner.run("funds", ["show", code, "--range=\(range.rawValue)", "--format", "json"])
        if let error = shown.error {
            return environment.failurePage(error, title: "Fund \(code)", request: request, context: context)
        }
        guard let fund = JSONRead.decode(ShowView.self, shown.output) else {
            return environment.failurePage(FolioError(.internal, "the fund could not be shown"), title: "Fund \(code)", request: request, context: context)
        }
        let history = await environment.runner.run("funds", ["history", code, "--format", "json"])
        let points = JSONRead.decode([HistoryRowView].self, history.output) ?? []
        let favourites = await environment.runner.run("funds", ["favorites", "list", "--format", "json"])
        let isFavourite = (JSONRead.decode([FavoriteView].self, favourites.output) ?? []).contains { String($0.code) == code }
        let sip = await SIPSection.render(code: code, request: request, environment: environment)
        var content: HTML = "<p class=\"meta\">\(code) · \(fund.fundHouse ?? "—") · \(fund.category ?? "—") · \(fund.plan ?? "—") · \(fund.option ?? "—")</p>"
        content += Components.stamp(asOf: fund.asOf, stale: fund.stale)
        content += shown.warningLines.html { Components.notice($0, kind: "warning") }
        let change = fund.dailyChange.map { NumberFormat.signedMoney($0, currency: "INR", fractionDigits: 4) }
        content += """
            <div class="figures">\(Components.figure("NAV", FundText.nav(fund.nav), detail: "on \(fund.navDate)\(fund.navAgeDays > 0 ? " (\(fund.navAgeDays) days old)" : "")"))\
            \(Components.figure("Daily change", change ?? "n/a", detail: fund.dailyChangePercent.map { NumberFormat.percent($0) }))</div>
            """
        content += Components.postForm(
            action: "/funds/\(code)/favorite", csrf: context.csrfToken, class: "inline",
            isFavourite
                ? "<input type=\"hidden\" name=\"action\" value=\"remove\"><button type=\"submit\" class=\"secondary\" aria-pressed=\"true\">★ Favourite — remove</button>"
                : "<input type=\"hidden\" name=\"action\" value=\"add\"><button type=\"submit\" class=\"secondary\" aria-pressed=\"false\">☆ Add to favourites</button>")
        content += "<h2>NAV</h2>" + ranges(code: code, current: range) + chart(points, range: range, name: fund.name)
        content += "<h2>Returns and risk</h2>" + returnsTable(fund)
        content += "<h2 id=\"sip\">SIP calculator</h2>" + sip
        return environment.page(fund.name, request: request, context: context, content: content)
    }

    static func ranges(code: String, current: HistoryRange) -> HTML {
        let links = HistoryRange.allCases.html { range in
            "<a href=\"/funds/\(code)?range=\(range.rawValue)\"\(range == current ? HTML(raw: " aria-current=\"true\"") : .empty)>\(range.rawValue == "MAX" ? "Max" : range.rawValue)</a>"
        }
        return "<nav class=\"ranges\" aria-label=\"Chart range\">\(links)</nav>"
    }

    /// The points of the range: from the latest NAV on or before (latest date − range), as `show` counts it.
    static func rangePoints(_ rows: [HistoryRowView], range: HistoryRange) -> [HistoryRowView] {
        guard let last = rows.last.flatMap({ CalendarDate(iso8601: $0.date) }),
            let start = range.period.start(endingOn: last)
        else { return rows }
        let index = rows.lastIndex { (CalendarDate(iso8601: $0.date) ?? last) <= start } ?? 0
        return Array(rows[index...])
    }

    static func chart(_ rows: [HistoryRowView], range: HistoryRange, name: String) -> HTML {
        let points = rangePoints(rows, range: range).compactMap { row in
            CalendarDate(iso8601: row.date).map { ChartPoint(date: $0, y: row.nav.doubleValue) }
        }
        guard points.count > 1 else { return Components.notice("Not enough history for a chart.") }
        let svg = SVGChart.dated(series: [ChartSeries(name: "NAV (₹)", points: points)], title: "\(name) — \(range.rawValue)") {
            String(format: "%.2f", $0)
        }
        return "<figure class=\"chart\" id=\"nav-chart\" data-points=\"\(points.count)\">\(HTML(raw: svg.render()))<figcaption>\(points.count) NAV points.</figcaption></figure>"
    }

    static func returnsTable(_ fund: ShowView) -> HTML {
        let periods = ["1W", "1M", "3M", "6M", "1Y", "3Y", "5Y", "10Y", "SI"]
        let rows: [[HTML]] = periods.map { period in
            guard let value = fund.returns[period] ?? nil else { return ["\(period)", "n/a", "n/a", "", ""] }
            return ["\(period)", "\(NumberFormat.percent(value.absolute))", "\(FundText.percent(value.annualized))", "\(value.fromDate)", "\(value.toDate)"]
        }
        var risk: [[HTML]] = [
            ["Volatility (1Y, annualised)", "\(FundText.percent(fund.volatility))"],
            ["Sharpe (1Y)", "\(fund.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")"],
        ]
        if let drawdown = fund.maxDrawdown {
            risk.append(["Max drawdown (\(fund.range))", "\(NumberFormat.percent(drawdown.value)) \(drawdown.peakDate.map { "from \($0)" } ?? "") \(drawdown.troughDate.map { "to \($0)" } ?? "")"])
        }
        return Components.table(headers: ["Period", "Return", "CAGR", "From", "To"], numeric: [1, 2], rows: rows, id: "returns")
            + Components.table(headers: ["Risk", "Value"], rows: risk, id: "risk")
    }
}

/// The SIP form (a GET form: it changes nothing) and its result, with the CLI's message next to the field.
enum SIPSection {
    static func render(code: String, request: Request, environment: WebEnvironment) async -> HTML {
        let query = request.uri.queryParameters
        let amount = query["amount"].map(String.init) ?? ""
        let from = query["from"].map(String.init) ?? ""
        let day = query["day"].map(String.init) ?? ""
        let to = query["to"].map(String.init) ?? ""
        var errors: [String: String] = [:]
        var outcome = HTML.empty
        if !amount.isEmpty || !from.isEmpty {
            var arguments = ["sip", code, "--amount=\(amount)", "--from=\(from)"]
            if !day.isEmpty { arguments.append("--day=\(day)") }
            if !to.isEmpty { arguments.append("--to=\(to)") }
            let result = await environment.runner.run("funds", arguments + ["--format", "json"])
            if let error = result.error {
                let message = result.errorLine ?? error.what
                let field = ["amount", "from", "day", "to"].first { error.what.contains("--\($0)") || error.what.contains($0) } ?? "amount"
                errors[field] = message
            } else if let sip = JSONRead.decode(SIPView.self, result.output) {
                outcome = """
                    <div class="figures" id="sip-result">\(Components.figure("Installments", "\(sip.installmentCount)"))\
                    \(Components.figure("Invested", NumberFormat.money(sip.invested, currency: "INR")))\
                    \(Components.figure("Value", NumberFormat.money(sip.value, currency: "INR"), detail: "on \(sip.valuationDate)"))\
                    \(Components.figure("Return", NumberFormat.percent(sip.absoluteReturn)))\
                    \(Components.figure("XIRR", FundText.percent(sip.xirr)))</div>
                    """
            }
        }
        let form: HTML = """
            <form method="get" action="/funds/\(code)#sip" class="form">\
            \(Components.field("amount", label: "Monthly amount (₹)", value: amount, error: errors["amount"], attributes: " inputmode=\"decimal\""))\
            \(Components.field("from", label: "From", value: from, error: errors["from"], type: "date"))\
            \(Components.field("day", label: "Day of month", value: day, error: errors["day"], attributes: " inputmode=\"numeric\""))\
            \(Components.field("to", label: "To (optional)", value: to, error: errors["to"], type: "date"))\
            <button type="submit">Calculate</button></form>
            """
        return form + outcome
    }
}
