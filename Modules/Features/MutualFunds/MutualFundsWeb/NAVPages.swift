import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import Timing

/// `/funds/{code}/history` and `/funds/{code}/rolling`: what `folio funds history`, `nav` and `rolling` print, from
/// the same ``MutualFunds/FundsService`` calls. The history is a sortable, paged table with a CSV download (the
/// bytes `history --format csv` writes); the NAV on a date is a form on the same page.
struct NAVPages {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    /// The query of the history page: the range, the NAV date asked for, order and page. A malformed date is
    /// refused beside its field.
    struct HistoryQuery {
        var from: String
        var to: String
        var on: String

        init(_ request: Request) {
            let query = request.uri.queryParameters
            from = query["from"].map(String.init) ?? ""
            to = query["to"].map(String.init) ?? ""
            on = query["on"].map(String.init) ?? ""
        }

        /// The inclusive range, as `history --from --to` checks it.
        func range() throws(FolioError) -> (from: CalendarDate?, to: CalendarDate?) {
            let start = try PortfolioQuery.date(from, field: "from")
            let end = try PortfolioQuery.date(to, field: "to")
            if let start, let end, start > end {
                throw FolioError(.invalid, "from \(start.iso8601) is after to \(end.iso8601)", field: "from")
            }
            return (start, end)
        }

        /// The query string without order and page (`from=…&to=…`), for links and the download.
        var rangeQuery: String {
            [("from", from), ("to", to)].filter { !$0.1.isEmpty }
                .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                .joined(separator: "&")
        }
    }

    static let historyColumns: [TableColumn<HistoryLine>] = [
        TableColumn("Date", key: "date") { $0.date < $1.date },
        TableColumn("NAV", key: "nav", numeric: true) { $0.row.nav < $1.row.nav },
        TableColumn("Change", key: "change", numeric: true) { ($0.change ?? -.infinity) < ($1.change ?? -.infinity) },
    ]

    /// A NAV with its change from the NAV listed before it (as the CLI's CHANGE column).
    struct HistoryLine {
        var date: String { row.date }
        var row: NAVHistoryRow
        var change: Double?
    }

    static func lines(_ rows: [NAVHistoryRow]) -> [HistoryLine] {
        var previous: Amount?
        return rows.map { row in
            defer { previous = row.nav }
            guard let previous, previous.isPositive, let ratio = row.nav.ratio(to: previous) else {
                return HistoryLine(row: row, change: nil)
            }
            return HistoryLine(row: row, change: ratio - 1)
        }
    }

    func history(
        _ code: Int, request: Request, context: WebRequestContext
    ) async -> Response {
        let query = HistoryQuery(request)
        let parameters = request.uri.queryParameters
        var errors: [String: String] = [:]
        var range: (from: CalendarDate?, to: CalendarDate?) = (nil, nil)
        do {
            range = try query.range()
        } catch {
            errors[error.field ?? "from"] = error.line
        }
        let service: FundsService
        let fetched: Fetched<NAVHistory>
        do {
            service = try FundsWebService.make(environment)
            fetched = try await service.history(code: code)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Fund \(code)", request: request, context: context)
        }
        let history = fetched.value
        let rows = NAVHistoryRow.rows(history.points(from: range.from, to: range.to))
        if parameters["format"] == "csv", errors.isEmpty {
            do {
                return WebResponses.download(
                    try CSVOutput.rows(rows, columns: NAVHistoryRow.columns), contentType: "text/csv; charset=utf-8",
                    fileName: "nav-\(code).csv")
            } catch {
                return environment.failurePage(
                    FolioError.from(error), title: history.name, request: request, context: context)
            }
        }
        var content: HTML = "<p class=\"meta\"><a href=\"/funds/\(code)\">\(history.name)</a> · \(code)</p>"
        content += FundsStale.stamp(fetched.freshness, now: environment.timing.now())
        content += "<h2 id=\"nav-on\">NAV on a date</h2>"
        content += await Self.navOn(code, query: query, service: service)
        content += "<h2 id=\"history\">NAV history</h2>"
        let fields =
            Components.field("from", label: "From", value: query.from, error: errors["from"], type: "date")
            + Components.field("to", label: "To", value: query.to, error: errors["to"], type: "date")
            + "<button type=\"submit\">Show</button>"
        content += "<form method=\"get\" action=\"/funds/\(code)/history\" class=\"form\">\(fields)</form>"
        let base = "/funds/\(code)/history?" + (query.rangeQuery.isEmpty ? "" : query.rangeQuery + "&")
        content +=
            "<p><a href=\"\(base)format=csv\" download>Download as CSV</a> (\(rows.count) NAVs, the same file the terminal writes)</p>"
        content +=
            SortedTable(
                columns: Self.historyColumns, rows: Self.lines(rows), id: "history-table", noun: "NAVs", pageSize: 50,
                fallback: TableOrder(key: "date", descending: true), sort: parameters["sort"].map(String.init),
                page: parameters["page"].map(String.init), link: { base + $0 },
                empty:
                    "No NAVs in that range; the history runs \(history.points.first?.date.iso8601 ?? "?") to \(history.latest?.date.iso8601 ?? "?")."
            ) { line in
                [
                    "\(line.date)", "\(FundText.nav(line.row.nav))",
                    "\(line.change.map { NumberFormat.percent($0) } ?? "")",
                ]
            }.html
        let status: HTTPResponse.Status = errors.isEmpty ? .ok : .unprocessableContent
        return environment.page(
            "NAV history of \(history.name)", request: request, context: context, status: status, content: content)
    }

    /// The NAV-on-a-date form and its answer, the CLI's wording included.
    static func navOn(_ code: Int, query: HistoryQuery, service: FundsService) async -> HTML {
        var answer: HTML = .empty
        var refusal: String?
        do {
            if let date = try PortfolioQuery.date(query.on, field: "on") {
                let report = try await service.nav(code: code, on: date)
                var text = "\(FundText.nav(report.nav)) on \(report.date)"
                if !report.exact {
                    text += " — no NAV on \(date.iso8601)"
                    text +=
                        report.latestDate.map { date > $0 } == true
                        ? "; this is the latest NAV" : "; this is the nearest earlier NAV"
                }
                answer = "<p class=\"figure-line\" id=\"nav-on-answer\" role=\"status\">\(text)</p>"
            }
        } catch {
            refusal = FolioError.from(error).line
        }
        let fields =
            Components.field("on", label: "Date", value: query.on, error: refusal, type: "date")
            + "<input type=\"hidden\" name=\"from\" value=\"\(query.from)\"><input type=\"hidden\" name=\"to\" value=\"\(query.to)\">"
            + "<button type=\"submit\">NAV on this date</button>"
        return "<form method=\"get\" action=\"/funds/\(code)/history#nav-on\" class=\"form\">\(fields)</form>" + answer
    }

    func rolling(
        _ code: Int, request: Request, context: WebRequestContext
    ) async -> Response {
        let text = request.uri.queryParameters["window"].map(String.init) ?? RollingWindow.threeYears.rawValue
        let links = RollingWindow.allCases.html { window in
            "<a href=\"/funds/\(code)/rolling?window=\(window.rawValue)\"\(window.rawValue == text.uppercased() ? HTML(raw: " aria-current=\"true\"") : .empty)>\(window.rawValue)</a>"
        }
        var content: HTML = "<nav class=\"ranges\" aria-label=\"Window\">\(links)</nav>"
        let status: HTTPResponse.Status
        do {
            let window = try Choices.parse(text, as: RollingWindow.self, field: "window", what: "window")
            let (report, study) = try await FundsWebService.make(environment).rolling(code: code, window: window)
            content = "<p class=\"meta\"><a href=\"/funds/\(code)\">\(report.name)</a> · \(code)</p>" + content
            content += FundsStale.stamp(report.freshness, now: environment.timing.now())
            if study.skipped > 0, let shortfall = study.firstShortfall {
                content += Components.notice(
                    "\(study.skipped) \(window.rawValue) window\(study.skipped == 1 ? "" : "s") left out: \(shortfall)",
                    kind: "warning")
            }
            content += "<p>\(report.count) windows starting \(report.firstStart) to \(report.lastStart)</p>"
            content += """
                <div class="figures" id="rolling-figures">\(Components.figure("Mean", FundText.percent(report.mean)))\
                \(Components.figure("Median", FundText.percent(report.median)))\
                \(Components.figure("Minimum", FundText.percent(report.min.cagr), detail: "\(report.min.fromDate) → \(report.min.toDate)"))\
                \(Components.figure("Maximum", FundText.percent(report.max.cagr), detail: "\(report.max.fromDate) → \(report.max.toDate)"))\
                \(Components.figure("Negative", NumberFormat.percent(report.negativeShare, signed: false) + " of windows"))</div>
                """
            content += Components.table(
                caption: "\(window.rawValue) rolling CAGR, by bucket", headers: ["CAGR", "Windows", "Share"],
                numeric: [1, 2],
                rows: report.buckets.map {
                    ["\($0.label)", "\($0.count)", "\(NumberFormat.percent($0.share, signed: false))"]
                },
                id: "rolling")
            let bars = BarChart(
                title: "Share of windows by CAGR",
                bars: report.buckets.map {
                    (label: $0.label, value: $0.share, text: NumberFormat.percent($0.share, signed: false))
                })
            content += "<figure class=\"chart\">\(bars.render())</figure>"
            status = .ok
        } catch {
            let failure = FolioError.from(error)
            if failure.kind == .notFound || failure.kind == .unavailable {
                return environment.failurePage(failure, title: "Rolling returns", request: request, context: context)
            }
            content += "<p class=\"field-error\" id=\"window-error\" role=\"alert\">\(failure.line)</p>"
            status = WebResponses.status(for: failure)
        }
        return environment.page(
            "Rolling returns of \(code)", request: request, context: context, status: status, content: content)
    }
}
