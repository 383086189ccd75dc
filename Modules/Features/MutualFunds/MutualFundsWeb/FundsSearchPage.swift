import Failures
import FeatureKit
import FeatureWeb
import Hummingbird

/// `/funds`: the search form (a plain GET form; results also appear as you type through
/// `/api/funds/search`), its results, and the favourites.
enum FundsSearchPage {
    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = SearchQuery(request)
        var content: HTML = """
            <form method="get" action="/funds" class="form" role="search">\
            <label class="field"><span>Search schemes</span><input type="search" name="q" value="\(query.q)" autocomplete="off" \
            data-search="/api/funds/search" data-filters="category house plan option" data-results="live-results" data-key="code" data-label="name" data-link="/funds/"></label>\
            \(Components.select("category", label: "Category", options: options(["equity", "debt", "hybrid", "solution", "other"]), selected: query.category ?? ""))\
            \(Components.field("house", label: "Fund house", value: query.house ?? ""))\
            \(Components.select("plan", label: "Plan", options: options(["direct", "regular"]), selected: query.plan ?? ""))\
            \(Components.select("option", label: "Option", options: options(["growth", "idcw"]), selected: query.option ?? ""))\
            <button type="submit">Search</button></form>
            <p id="announcer" class="visually-hidden" aria-live="polite"></p>
            <ul class="search-results" id="live-results"></ul>
            """
        if !query.terms.isEmpty {
            let result = await environment.runner.run("funds", query.arguments + ["--format", "json"])
            if let error = result.error {
                if error.kind == .unavailable { return environment.failurePage(error, title: "Funds", request: request, context: context) }
                content += Components.notice(result.errorLine ?? "", kind: "error")
            } else {
                content += result.warningLines.html { Components.notice($0, kind: "warning") }
                let rows = JSONRead.decode([SearchRowView].self, result.output) ?? []
                content += Components.table(
                    caption: "\(rows.count) scheme\(rows.count == 1 ? "" : "s")",
                    headers: ["Code", "Name", "Fund house", "Category", "Plan", "Option"],
                    rows: rows.map { row in
                        ["\(row.code)", "<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(row.fundHouse ?? "—")",
                         "\(row.category ?? "—")", "\(row.plan ?? "—")", "\(row.option ?? "—")"]
                    }, id: "search-results")
            }
        }
        let favourites = await environment.runner.run("funds", ["favorites", "list", "--format", "json"])
        if let rows = JSONRead.decode([FavoriteView].self, favourites.output), !rows.isEmpty {
            content += "<h2>Favourites</h2>"
            content += Components.table(
                headers: ["Fund", "NAV", "Date", "1Y return", ""], numeric: [1, 3],
                rows: rows.map { row in
                    ["<a href=\"/funds/\(row.code)\">\(row.name)</a>", "\(row.nav.map(FundText.nav) ?? "—")",
                     "\(row.navDate ?? "—")", "\(FundText.percent(row.return1Y))", row.stale ? "stale" : ""]
                })
        }
        return environment.page("Funds", request: request, context: context, content: content)
    }

    static func options(_ values: [String]) -> [(value: String, title: String)] {
        [(value: "", title: "Any")] + values.map { (value: $0, title: $0) }
    }
}
