import FeatureKit
import Foundation
import Money
import Overview
import Timing

/// The overview at the top of `/`: net worth and its changes, the trend with its range buttons, the allocation by
/// asset class and by currency, today's movers, the alerts fired in the last day, what is next, and each source
/// not yet in net worth with a one-click link.
enum OverviewPage {
    /// - Parameter charts: Where the trend's drawing is kept while its points stay the same (most views).
    static func render(
        _ report: OverviewReport, csrf: String, charts: RenderedCharts? = nil, timeZone: TimeZone = .current
    ) -> HTML {
        let currency = report.currency
        func money(_ value: Amount, _ code: String = currency) -> String { NumberFormat.money(value, currency: code) }
        var html: HTML = "<section class=\"overview\" aria-label=\"The household at a glance\">"
        if let now = report.netWorth {
            var figures: [HTML] = [
                figure("Net worth", money(now.net), detail: "on " + day(now.asOf)),
                Components.figure("Assets", money(now.assets)), Components.figure("Debts", money(now.debts)),
            ]
            figures += report.changes.map { change in
                let title = change.period == "today" ? "Today" : "Over \(change.period == "1M" ? "1 month" : "1 year")"
                guard let value = change.change, let since = change.since else {
                    return Components.figure(title, "—", detail: "nothing recorded by then")
                }
                let percent = change.fraction.map { " (\(NumberFormat.percent($0)))" } ?? ""
                return figure(
                    title, NumberFormat.signedMoney(value, currency: currency) + percent, detail: "since " + day(since))
            }
            html += "<div class=\"figures\">\(figures)</div>"
        } else {
            html += Components.notice("No net worth yet: add your accounts on the net worth page, each once.")
        }
        html += trend(report, charts: charts)
        html += allocation(report)
        html +=
            "<div class=\"overview-lists\">\(movers(report))\(alerts(report, timeZone: timeZone))\(agenda(report, timeZone: timeZone))</div>"
        html += suggestions(report, csrf: csrf)
        if !report.warnings.isEmpty {
            html += "<ul class=\"warnings\">\(report.warnings.html { "<li>\($0)</li>" })</ul>"
        }
        return html + "</section>"
    }

    /// A labelled figure whose detail is markup (a date).
    static func figure(_ label: String, _ value: String, detail: HTML) -> HTML {
        "<div class=\"figure\"><span class=\"label\">\(label)</span><span class=\"value\">\(value)</span><span class=\"detail\">\(detail)</span></div>"
    }

    /// `4 Dec 2026` in a `<time>`.
    static func day(_ date: CalendarDate) -> HTML {
        "<time datetime=\"\(date.iso8601)\">\(date.day) \(ChartTicks.monthNames[date.month - 1]) \(date.year)</time>"
    }

    /// The trend chart with its range links (plain links, so they work without JavaScript).
    static func trend(_ report: OverviewReport, charts: RenderedCharts? = nil) -> HTML {
        guard report.netWorth != nil else { return .empty }
        let links = OverviewRange.allCases.html { range in
            range == report.trend.range
                ? "<li><a href=\"/?range=\(range.rawValue)\" aria-current=\"true\">\(range.rawValue)</a></li>"
                : "<li><a href=\"/?range=\(range.rawValue)\">\(range.rawValue)</a></li>"
        }
        let symbol = NumberFormat.currencySymbol(report.currency)
        let points = report.trend.points.map { ChartPoint(date: $0.date, y: $0.net.doubleValue) }
        let currency = report.currency
        let chart = WebChart(
            title: "Net worth over \(report.trend.range.rawValue)", points: points,
            axisLabel: { ChartLabels.money($0, symbol: symbol) },
            valueText: { NumberFormat.money(Amount($0, places: 2) ?? .zero, currency: currency) })
        // The currency is in the caption, so a kept drawing is never reused for another currency's labels.
        let caption: HTML =
            "Net worth in \(currency) from recorded balances (linked accounts' synced values), today's figure last."
        let figure =
            charts?.figure(chart, id: "overview-trend", caption: caption)
            ?? chart.figure(id: "overview-trend", caption: caption)
        return "<h2>Trend</h2><nav aria-label=\"Trend range\"><ul class=\"ranges\">\(links)</ul></nav>" + figure
    }

    static func allocation(_ report: OverviewReport) -> HTML {
        let allocation = report.allocation
        guard !allocation.byClass.isEmpty else { return .empty }
        let currency = report.currency
        func bars(_ slices: [OverviewReport.Slice]) -> [(label: String, value: Double, text: String)] {
            slices.map {
                (
                    $0.label, $0.share.doubleValue,
                    "\(NumberFormat.percent($0.share, signed: false)) · \(NumberFormat.money($0.value, currency: currency))"
                )
            }
        }
        var notes: [String] = []
        if !allocation.outsideNetWorth.isZero {
            notes.append(
                "\(NumberFormat.money(allocation.outsideNetWorth, currency: currency)) of it is not in net worth yet")
        }
        if !allocation.liabilities.isZero {
            notes.append("owed apart: \(NumberFormat.money(allocation.liabilities, currency: currency))")
        }
        return """
            <h2>Allocation</h2><p>Everything held: \(NumberFormat.money(allocation.total, currency: currency))\
            \(notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")).</p>\
            <div class="allocation">\(BarChart(title: "By asset class", bars: bars(allocation.byClass)).render())\
            \(BarChart(title: "By currency", bars: bars(allocation.byCurrency)).render())</div>
            """
    }

    static func movers(_ report: OverviewReport) -> HTML {
        guard !report.movers.isEmpty else { return .empty }
        let rows = report.movers.html { mover in
            let sign = mover.dayChange.isNegative ? "down" : "up"
            let percent = mover.fraction.map { " (\(NumberFormat.percent($0)))" } ?? ""
            return """
                <li class="mover \(sign)"><span class="name">\(mover.name)</span> \
                <span class="value">\(NumberFormat.money(mover.value, currency: mover.currency))</span> \
                <span class="change">\(NumberFormat.signedMoney(mover.dayChange, currency: mover.currency))\(percent)</span></li>
                """
        }
        return "<div class=\"card\"><h2>Today's movers</h2><ul class=\"plain\">\(rows)</ul></div>"
    }

    static func alerts(_ report: OverviewReport, timeZone: TimeZone) -> HTML {
        guard !report.alerts.isEmpty else { return .empty }
        let rows = report.alerts.html { alert in
            "<li>\(alert.condition) <span class=\"stamp\">\(TimeStamp.html(alert.firedAt, timeZone: timeZone))</span></li>"
        }
        return
            "<div class=\"card\"><h2>Alerts in the last day</h2><ul class=\"plain\">\(rows)</ul><p><a href=\"/alerts\">All alerts</a></p></div>"
    }

    static func agenda(_ report: OverviewReport, timeZone: TimeZone) -> HTML {
        guard !report.agenda.isEmpty else { return .empty }
        let rows = report.agenda.html { item in
            let title: HTML = item.link.map { "<a href=\"\($0)\">\(item.title)</a>" } ?? "\(item.title)"
            let detail: HTML = item.detail.map { "<br><span class=\"stamp\">\($0)</span>" } ?? .empty
            return
                "<li>\(title) <span class=\"stamp\">\(TimeStamp.html(item.startsAt, timeZone: timeZone))</span>\(detail)</li>"
        }
        return "<div class=\"card\"><h2>Coming up</h2><ul class=\"plain\">\(rows)</ul></div>"
    }

    /// Each source no account follows, with a button that adds an account following it.
    static func suggestions(_ report: OverviewReport, csrf: String) -> HTML {
        guard !report.suggestions.isEmpty else { return .empty }
        let rows = report.suggestions.html { suggestion in
            let value = NumberFormat.money(suggestion.value, currency: suggestion.currency)
            let button: HTML =
                report.linkAction.map { action in
                    Components.postForm(
                        action: action, csrf: csrf, class: "inline",
                        """
                        <input type="hidden" name="source" value="\(suggestion.source)">\
                        <input type="hidden" name="name" value="\(suggestion.accountName)">\
                        <input type="hidden" name="back" value="/">\
                        <button type="submit">Add to net worth as “\(suggestion.accountName)”</button>
                        """)
                } ?? .empty
            return "<li><strong>\(suggestion.summary)</strong>: \(value) \(button)</li>"
        }
        return "<h2>Not in net worth yet</h2><ul class=\"plain suggestions\">\(rows)</ul>"
    }
}
