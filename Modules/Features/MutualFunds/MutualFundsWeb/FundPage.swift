import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import Timing

/// `/funds/{code}`: the scheme's report (what `funds show` prints), its NAV chart for the chosen range, the SIP
/// calculator and the favourite toggle, all from ``MutualFunds/FundsService``.
struct FundPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func page(
        _ code: Int, request: Request, context: WebRequestContext
    ) async -> Response {
        let title = "Fund \(code)"
        let rangeText = request.uri.queryParameters["range"].map(String.init)
        var rangeError: FolioError?
        var range = HistoryRange.oneYear
        if let rangeText {
            do {
                range = try Choices.parse(rangeText, as: HistoryRange.self, field: "range", what: "range")
            } catch {
                rangeError = FolioError.from(error)
            }
        }
        let service: FundsService
        let shown: (report: FundShowReport, history: NAVHistory, analytics: FundReport, freshness: Freshness)
        do {
            service = try FundsWebService.make(environment)
            shown = try await service.reportWithHistory(code: code, range: range)
        } catch {
            return environment.failurePage(FolioError.from(error), title: title, request: request, context: context)
        }
        let fund = shown.report
        let isFavourite = (try? await service.isFavorite(code: code)) ?? false
        let sip = await SIPSection.render(code: code, request: request, service: service)
        var content: HTML =
            "<p class=\"meta\">\(code) · \(fund.fundHouse ?? "—") · \(fund.category?.rawValue ?? "—") · \(fund.plan?.rawValue ?? "—") · \(fund.option?.rawValue ?? "—")</p>"
        let fromAMFI = fund.latestNAVSource == .amfi
        content += FundsStale.stamp(shown.freshness, now: environment.timing.now())
        content += FundsStale.notice(
            shown.freshness, what: fromAMFI ? "AMFI's NAV file" : "NAV history of \(code)",
            now: environment.timing.now())
        if fromAMFI {
            content += Components.notice(
                "Latest NAV from AMFI: \(fund.mfapiFailure ?? "the MF API's history is unavailable"). Returns, risk and the chart need that history.",
                kind: "warning")
        }
        let change = fund.dailyChange.map { Rupees.format($0, places: 4, sign: .always) }
        content += """
            <div class="figures">\(Components.figure("NAV", FundText.nav(fund.nav), detail: "on \(fund.navDate)\(fund.navAgeDays > 0 ? " (\(fund.navAgeDays) days old)" : "")\(fromAMFI ? " · latest NAV from AMFI" : "")"))\
            \(Components.figure("Daily change", change ?? "n/a", detail: fund.dailyChangePercent.map { NumberFormat.percent($0) }))</div>
            """
        content += Components.postForm(
            action: "/funds/\(code)/favorite", csrf: context.csrfToken, class: "inline",
            isFavourite
                ? "<input type=\"hidden\" name=\"action\" value=\"remove\"><button type=\"submit\" class=\"secondary\" aria-pressed=\"true\">★ Favourite — remove</button>"
                : "<input type=\"hidden\" name=\"action\" value=\"add\"><button type=\"submit\" class=\"secondary\" aria-pressed=\"false\">☆ Add to favourites</button>"
        )
        content += "<h2>NAV</h2>" + Self.ranges(code: code, current: range, error: rangeError)
        content += Self.chart(shown.history, analytics: shown.analytics, charts: environment.charts)
        content +=
            "<p><a href=\"/funds/\(code)/history\">Every NAV, the NAV on a date, CSV download</a> · \(Self.rollingLink(code: code, history: shown.history))</p>"
        content += "<h2>Returns and risk</h2>" + Self.returnsTable(fund)
        content += "<h2 id=\"sip\">SIP calculator</h2>" + sip
        let status: HTTPResponse.Status = rangeError.map(WebResponses.status(for:)) ?? .ok
        return environment.page(
            fund.name, request: request, context: context, status: status, scripts: [WebChart.scriptPath],
            content: content)
    }

    /// The link to the rolling returns, or, for a fund with less than the shortest window of history, why there are
    /// none (a link would open a page of nothing).
    static func rollingLink(code: Int, history: NAVHistory) -> HTML {
        let shortest = RollingWindow.allCases.min { $0.years < $1.years } ?? .oneYear
        guard let first = history.series.days.first, let last = history.series.days.last else {
            return "Rolling returns: no NAVs yet"
        }
        let start = CalendarDate(dayNumber: first)
        if start.adding(years: shortest.years).dayNumber <= last {
            return "<a href=\"/funds/\(code)/rolling\">Rolling returns</a>"
        }
        return
            "<span class=\"stamp\" id=\"rolling-unavailable\">Rolling returns need at least \(shortest.years) year of NAVs; "
            + "this fund's NAVs start on \(start.iso8601)</span>"
    }

    /// The range links, with a refused range's message beside them.
    static func ranges(code: Int, current: HistoryRange, error: FolioError?) -> HTML {
        let links = HistoryRange.allCases.html { range in
            "<a href=\"/funds/\(code)?range=\(range.rawValue)\"\(range == current && error == nil ? HTML(raw: " aria-current=\"true\"") : .empty)>\(range.rawValue == "MAX" ? "Max" : range.rawValue)</a>"
        }
        let message: HTML =
            error.map { "<p class=\"field-error\" id=\"range-error\" role=\"alert\">\($0.line)</p>" } ?? .empty
        return "<nav class=\"ranges\" aria-label=\"Chart range\">\(links)</nav>\(message)"
    }

    /// The range's NAVs from its start NAV, as `show` charts them.
    static func chart(_ history: NAVHistory, analytics: FundReport, charts: RenderedCharts) -> HTML {
        let span = analytics.rangeSpan
        let points = (span.start...span.end).map { index in
            ChartPoint(date: history.series.date(at: index), y: history.series.values[index])
        }
        guard points.count > 1 else { return Components.notice("Not enough history for a chart.") }
        let chart = WebChart(
            title: "NAV of \(history.name) — \(analytics.range.rawValue)", points: points,
            axisLabel: { Rupees.axisLabel($0) },
            valueText: { Rupees.axisLabel($0, places: 4) })
        return charts.figure(chart, id: "nav-chart", caption: "NAV (₹), \(points.count) points.")
    }

    static func returnsTable(_ fund: FundShowReport) -> HTML {
        let rows: [[HTML]] = ReturnPeriod.allCases.map { period in
            guard let value = fund.returns[period.rawValue]?.value else {
                return ["\(period.rawValue)", "n/a", "n/a", "", ""]
            }
            return [
                "\(period.rawValue)", "\(NumberFormat.percent(value.absolute))",
                "\(FundText.percent(value.annualized))", "\(value.fromDate)", "\(value.toDate)",
            ]
        }
        var risk: [[HTML]] = [
            ["Volatility (1Y, annualised)", "\(FundText.percent(fund.volatility))"],
            ["Sharpe (1Y)", "\(fund.sharpe.map { String(format: "%.2f", $0) } ?? "n/a")"],
        ]
        if let drawdown = fund.maxDrawdown {
            risk.append([
                "Max drawdown (\(fund.range))",
                "\(NumberFormat.percent(drawdown.value)) \(drawdown.peakDate.map { "from \($0)" } ?? "") \(drawdown.troughDate.map { "to \($0)" } ?? "")",
            ])
        }
        return Components.table(
            headers: ["Period", "Return", "CAGR", "From", "To"], numeric: [1, 2], rows: rows, id: "returns")
            + Components.table(headers: ["Risk", "Value"], rows: risk, id: "risk")
    }
}
