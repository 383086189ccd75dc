import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import Racing
import Timing

/// The races pages: `/races` (the next five with ticking countdowns, category toggles, live through server-sent
/// events), `/races/events`, the dashboard card and `/api/races/next` — each from the ``NextToGoService`` report
/// `folio races next` prints.
public enum RacingWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "races", navigation: NavigationEntry(title: "Races", path: "/races"),
        openAPIPaths: RacingOpenAPI.paths,
        dashboard: { environment, _ in await dashboardCard(environment) },
        routes: { router, environment in
            let page = RacesPage(environment: environment)
            router.get("/races", use: page.render)
            router.get("/races/events") { request, _ in await page.events(request) }
            router.get(RouterPath(LiveBoardScript.path)) { _, _ in WebResponses.javaScript(LiveBoardScript.text) }
            router.get("/api/races/next") { request, _ in
                do {
                    let services = try RacingPageServices(environment)
                    return WebResponses.json(encoding: try await services.nextRaces(try BoardQuery(request).request()))
                } catch {
                    return WebResponses.problem(FolioError.from(error))
                }
            }
        })

    /// The next three races, kept live by the same stream as the page.
    static func dashboardCard(_ environment: WebEnvironment) async -> DashboardCard? {
        do {
            let services = try RacingPageServices(environment)
            do {
                let report = try await services.nextRaces(BoardRequest(count: 3))
                let board = BoardMarkup.board(report, events: "/races/events?count=3")
                return DashboardCard(
                    title: "Next races", link: "/races", body: BoardMarkup.staleness(report) + board,
                    scripts: [LiveBoardScript.path])
            } catch {
                return DashboardCard(
                    title: "Next races", link: "/races", body: unavailable(error, offline: services.context.offline))
            }
        } catch {
            return DashboardCard(title: "Next races", link: "/races", body: unavailable(error, offline: false))
        }
    }

    /// An offline server without a saved board, in a page's words.
    static let offlineWords = "This server is offline: it never fetches races, and no board was saved before."

    /// Why a card has no board, in a page's words: an offline server says so, not how it was started.
    static func unavailable(_ error: FolioError, offline: Bool) -> HTML {
        let text =
            offline && error.kind == .unavailable ? offlineWords : PageWords.line(error)
        return Components.notice(text, kind: "warning")
    }

}
