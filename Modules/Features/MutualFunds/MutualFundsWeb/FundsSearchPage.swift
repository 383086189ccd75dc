import Failures
import FeatureKit
import FeatureWeb
import Hummingbird
import MutualFunds
import Timing

/// `/funds`: the search form (a plain GET form; results also appear as you type through
/// `/api/funds/search`), its results, and the favourites.
struct FundsSearchPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func page(_ request: Request, context: WebRequestContext) async -> Response {
        let query = SearchQuery(request)
        var refusal: FolioError?
        var results = HTML.empty
        var shown: Set<Int> = []
        let service: FundsService
        do {
            service = try FundsWebService.make(environment)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Funds", request: request, context: context)
        }
        // Filters alone are choices made ahead of typing (the results-as-you-type box sends them): they are
        // checked, and searched for once words are typed.
        if !query.isEmpty {
            do {
                var schemeQuery = try query.schemeQuery()
                let page = try query.pageNumber()
                if !query.terms.isEmpty {
                    // A page's rows are the tail of a search for everything up to it: ranking is the search's,
                    // so page 2 continues page 1 exactly.
                    let size = query.limit == nil ? SearchQuery.pageSize : schemeQuery.limit
                    if query.limit == nil { schemeQuery.limit = page * size }
                    let report = try await service.search(schemeQuery)
                    results += FundsStale.notice(
                        report.freshness, what: "the scheme list", now: environment.timing.now())
                    let first = query.limit == nil ? (page - 1) * size : 0
                    shown = Set(report.rows.dropFirst(first).map(\.code))
                    results += Self.table(report, showingFrom: first, ticked: Set(query.ticked))
                    if query.limit == nil { results += Self.pager(query, page: page, hasMore: report.hasMore) }
                }
            } catch {
                let error = FolioError.from(error)
                guard error.field != nil else {
                    return environment.failurePage(error, title: "Funds", request: request, context: context)
                }
                refusal = error
            }
        }
        var content: HTML =
            "<p><a href=\"/funds/portfolio\">My funds: holdings, XIRR and capital gains from your CAS statement</a> · <a href=\"/funds/cache\">What is cached</a></p>"
        content += Self.form(query, refusal: refusal, shown: shown) + results
        if let rows = try? await service.favorites(), !rows.isEmpty {
            content += "<h2 id=\"favourites\">Favourites</h2>"
            // The search stays as it is while the favourites are sorted (`favSort`).
            let search = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("favSort=") }.joined(
                separator: "&")
            content +=
                SortedTable(
                    columns: Self.favouriteColumns, rows: rows, id: "favourites-table", noun: "favourites",
                    sort: request.uri.queryParameters["favSort"].map(String.init),
                    link: { "/funds?" + (search.isEmpty ? "" : search + "&") + $0 + "#favourites" },
                    parameters: ("favSort", "favPage")
                ) { row in
                    [
                        "<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(row.nav.map(FundText.nav) ?? "—")",
                        "\(row.navDate ?? "—")", "\(FundText.percent(row.return1Y))", row.stale ? "stale" : "",
                    ]
                }.html
            content += Self.compareLink(rows)
        }
        let status: HTTPResponse.Status = refusal.map(WebResponses.status(for:)) ?? .ok
        return environment.page("Funds", request: request, context: context, status: status, content: content)
    }

    static let favouriteColumns: [TableColumn<FavoriteRow>] = [
        TableColumn("Fund", key: "name") { $0.name < $1.name },
        TableColumn("NAV", key: "nav", numeric: true) { PortfolioPage.less($0.nav, $1.nav) },
        TableColumn("Date", key: "date") { PortfolioPage.less($0.navDate, $1.navDate) },
        TableColumn("1Y return", key: "return", numeric: true) { PortfolioPage.less($0.return1Y, $1.return1Y) },
        TableColumn(""),
    ]

    /// The search form's id: the results' boxes belong to it, so a new search carries the ticks along.
    static let formID = "fund-search"

    /// The button sending the ticked schemes to the compare page, from anywhere on the page.
    static let compareButton: HTML =
        "<button type=\"submit\" form=\"\(formID)\" formaction=\"/funds/compare\" class=\"secondary\">Compare the ticked schemes</button>"

    /// The results table: the rows from `first` (0-based) on, captioned with where they fall among all matches, the
    /// schemes in `ticked` ticked.
    static func table(_ report: SchemeSearchReport, showingFrom first: Int = 0, ticked: Set<Int> = []) -> HTML {
        let rows = report.rows.dropFirst(first)
        let total =
            report.matchCount.map { "\($0)" }
            ?? (report.hasMore ? "more than \(report.rows.count)" : "\(report.rows.count)")
        let caption =
            rows.isEmpty
            ? (first == 0 ? "No scheme matches" : "No more schemes match: page past the last result")
            : "Showing \(first + 1)–\(first + rows.count) of \(total) scheme\(total == "1" ? "" : "s")"
        let table = Components.table(
            caption: caption,
            headers: ["Code", "Name", "Fund house", "Category", "Plan", "Option", "Compare"],
            rows: rows.map { row in
                [
                    "\(row.code)", "<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(row.fundHouse ?? "—")",
                    "\(row.category?.rawValue ?? "—")", "\(row.plan?.rawValue ?? "—")",
                    "\(row.option?.rawValue ?? "—")",
                    "<input type=\"checkbox\" name=\"codes\" value=\"\(row.code)\" form=\"\(formID)\" aria-label=\"Compare \(row.name)\"\(ticked.contains(row.code) ? HTML(raw: " checked") : .empty)>",
                ]
            }, id: "search-results")
        guard !rows.isEmpty else { return table }
        // The boxes belong to the search form: Search keeps them ticked, this button sends them to the compare
        // page as `codes=…&codes=…`, which it reads as a list.
        return "<div class=\"compare-picks\">\(table)\(compareButton)</div>"
    }

    /// A link comparing every favourite side by side, when there are two or more.
    static func compareLink(_ rows: [FavoriteRow]) -> HTML {
        guard rows.count > 1 else { return .empty }
        let codes = rows.map { "\($0.code)" }.joined(separator: ",")
        return "<p><a href=\"/funds/compare?codes=\(codes)\">Compare the favourites side by side</a></p>"
    }

    /// Previous and next links: plain links, so paging needs no script.
    static func pager(_ query: SearchQuery, page: Int, hasMore: Bool) -> HTML {
        guard page > 1 || hasMore else { return .empty }
        let previous: HTML = page > 1 ? "<a href=\"\(query.link(page: page - 1))\" rel=\"prev\">← Previous</a>" : .empty
        let next: HTML = hasMore ? "<a href=\"\(query.link(page: page + 1))\" rel=\"next\">Next →</a>" : .empty
        return "<nav class=\"pager\" aria-label=\"Result pages\">\(previous) <span>Page \(page)</span> \(next)</nav>"
    }

    /// The schemes ticked in earlier searches that this page's results do not show, still ticked (unticking one
    /// drops it from the next search and from the comparison).
    static func tickedElsewhere(_ query: SearchQuery, shown: Set<Int>) -> HTML {
        let kept = query.ticked.filter { !shown.contains($0) }
        guard !kept.isEmpty else { return .empty }
        let boxes = kept.html { code in
            "<label class=\"inline\"><input type=\"checkbox\" name=\"codes\" value=\"\(code)\" checked> scheme \(code)</label> "
        }
        return
            "<fieldset class=\"ticked\" id=\"ticked\"><legend>Ticked to compare</legend>\(boxes)\(compareButton)</fieldset>"
    }

    /// The form with what was typed, and a refusal beside the field it blames.
    static func form(_ query: SearchQuery, refusal: FolioError?, shown: Set<Int> = []) -> HTML {
        func error(_ field: String) -> String? { refusal?.field == field ? refusal?.line : nil }
        func message(_ field: String) -> HTML {
            error(field).map { "<span class=\"field-error\" id=\"\(field)-error\">\($0)</span>" } ?? .empty
        }
        return """
            <form method="get" action="/funds" class="form" role="search" id="\(formID)">\
            <label class="field"><span>Search schemes</span><input type="search" name="q" value="\(query.q)" autocomplete="off" \
            data-search="/api/funds/search" data-filters="category house plan option" data-results="live-results" data-key="code" data-label="name" data-link="/funds/">\(message("q"))</label>\
            \(Components.select("category", label: "Category", options: options(AssetClass.allCases.map(\.rawValue)), selected: query.category ?? ""))\(message("category"))\
            \(Components.field("house", label: "Fund house", value: query.house ?? ""))\
            \(Components.select("plan", label: "Plan", options: options(Plan.allCases.map(\.rawValue)), selected: query.plan ?? ""))\(message("plan"))\
            \(Components.select("option", label: "Option", options: options(PayoutOption.allCases.map(\.rawValue)), selected: query.option ?? ""))\(message("option"))\
            \(message("limit"))<button type="submit">Search</button>\(tickedElsewhere(query, shown: shown))</form>
            <p id="announcer" class="visually-hidden" aria-live="polite"></p>
            <ul class="search-results" id="live-results"></ul>
            """
    }

    static func options(_ values: [String]) -> [(value: String, title: String)] {
        [(value: "", title: "Any")] + values.map { (value: $0, title: $0) }
    }
}
