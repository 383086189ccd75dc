import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import MutualFunds
import Timing

/// `/funds/cache`: what `folio funds cache status` shows (the scheme list, AMFI's NAV file and each cached history,
/// with when it was fetched and how long it stays fresh), and clearing it as `folio funds cache clear` does, after
/// a confirmation page (the first post asks; only the confirmed one clears). Favourites are never cleared.
struct CachePage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    static let historyColumns: [TableColumn<CacheReport.HistoryStatus>] = [
        TableColumn("Code", key: "code", numeric: true) { $0.code < $1.code },
        TableColumn("Scheme", key: "name") { $0.name < $1.name },
        TableColumn("Points", key: "points", numeric: true) { $0.points < $1.points },
        TableColumn("Latest NAV", key: "latest") { ($0.latestNAVDate ?? "") < ($1.latestNAVDate ?? "") },
        TableColumn("Fetched", key: "fetched") { $0.fetchedAt < $1.fetchedAt },
        TableColumn("Status", key: "status") { !$0.stale && $1.stale },
    ]

    func show(_ request: Request, context: WebRequestContext) async -> Response {
        let status: CacheReport
        do {
            status = try await FundsWebService.make(environment).cacheStatus()
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Funds cache", request: request, context: context)
        }
        let now = environment.timing.now()
        func fetched(_ date: Date) -> HTML { "\(TimeStamp.html(date)) (\(TimeStamp.age(of: date, now: now)))" }
        var summary: [[HTML]] = []
        if let list = status.list {
            summary.append([
                "Scheme list",
                "\(list.schemes) schemes\(list.skippedRows > 0 ? " (\(list.skippedRows) malformed rows skipped)" : "")",
                fetched(list.fetchedAt), "\(Self.freshness(list.expiresAt, now: now))",
            ])
        } else {
            summary.append(["Scheme list", "not cached", "", ""])
        }
        if let amfi = status.amfi {
            let age = amfi.ageDays.map { $0 > 0 ? " (\($0) day\($0 == 1 ? "" : "s") old)" : " (today's)" } ?? ""
            summary.append([
                "AMFI NAV file", "\(amfi.schemes) schemes\(amfi.date.map { " of \($0)\(age)" } ?? "")",
                fetched(amfi.fetchedAt), "\(Self.freshness(amfi.expiresAt, now: now))",
            ])
        } else {
            summary.append(["AMFI NAV file", "not cached", "", ""])
        }
        var content = Components.table(
            caption: "What is cached", headers: ["Item", "Holds", "Fetched", "Status"], rows: summary, id: "cache")
        content +=
            "<p>NAV histories: \(status.histories.count) cached. Favourites: \(status.favorites) (never cleared).</p>"
        let query = request.uri.queryParameters
        content +=
            SortedTable(
                columns: Self.historyColumns, rows: status.histories, id: "cached-histories", noun: "histories",
                pageSize: 50,
                sort: query["sort"].map(String.init), page: query["page"].map(String.init),
                link: { "/funds/cache?\($0)" },
                empty: "No NAV history is cached."
            ) { history in
                [
                    "\(history.code)", "<a href=\"/funds/\(history.code)\">\(history.name)</a>", "\(history.points)",
                    "\(history.latestNAVDate ?? "—")", fetched(history.fetchedAt),
                    "\(Self.freshness(history.expiresAt, now: now))",
                ]
            }.html
        content += "<h2 id=\"clear\">Clear the cache</h2>"
        content += Components.postForm(
            action: "/funds/cache/clear", csrf: context.csrfToken, class: "inline",
            "<button type=\"submit\" class=\"danger\">Clear the cached scheme list and NAV histories…</button>")
        return environment.page("Funds cache", request: request, context: context, content: content)
    }

    static func freshness(_ expiresAt: Date?, now: Date) -> String { CacheReport.freshness(expiresAt, now: now) }

    /// The first post asks; only the confirmed post clears.
    func clear(
        _ request: Request, context: WebRequestContext
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        guard fields["confirmed"] == "yes" else {
            let content = Components.confirmation(
                "Clear the cached scheme list, AMFI's NAV file and every NAV history? Favourites and the portfolio are kept; the next page fetches again.",
                action: "/funds/cache/clear", csrf: context.csrfToken, fields: [], button: "Clear the cache",
                cancel: "/funds/cache")
            return environment.page("Clear the funds cache?", request: request, context: context, content: content)
        }
        do {
            let cleared = try await FundsWebService.make(environment).clearCache()
            let message =
                "Cleared \(cleared.schemes) cached schemes and \(cleared.histories) NAV histor\(cleared.histories == 1 ? "y" : "ies"); favourites kept."
            return WebResponses.redirect(to: "/funds/cache", flash: Flash(.success, message))
        } catch {
            return WebResponses.redirect(to: "/funds/cache", flash: Flash(.error, FolioError.from(error).line))
        }
    }
}
