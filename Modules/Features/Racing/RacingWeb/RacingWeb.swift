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
            router.get("/races") { request, context in await page(request, context: context, environment: environment) }
            router.get("/races/events") { request, _ in await events(request, environment: environment) }
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

    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = BoardQuery(request)
        let report: NextRacesReport
        do {
            let board = try query.request()
            report = try await RacingPageServices(environment).nextRaces(board)
        } catch {
            let failure = FolioError.from(error)
            guard failure.field != nil else {
                let offline = environment.featureContext?.offline == true && failure.kind == .unavailable
                return environment.failurePage(
                    offline ? FolioError(.unavailable, offlineWords) : failure, title: "Next races", request: request,
                    context: context)
            }
            // A refused query is shown back beside the toggles it came from, with the status its kind calls for.
            return environment.page(
                "Next races", request: request, context: context, status: WebResponses.status(for: failure),
                content: toggles(query, error: failure))
        }
        // `?live=0`: a board that still ticks but is not refreshed (for metered connections and screenshots).
        let live = request.uri.queryParameters["live"] != "0"
        let content: HTML = """
            \(toggles(query, error: nil))
            \(BoardMarkup.staleness(report))
            <p id="announcer" class="visually-hidden" aria-live="polite"></p>
            \(BoardMarkup.board(report, events: live ? "/races/events" + query.queryString : nil))
            <p class="hint">Countdowns tick in the browser; a race leaves the board a minute after its start. The board is fetched again every \(DurationFormat.short(environment.refresh)).</p>
            """
        return environment.page(
            "Next races", request: request, context: context, scripts: live ? [LiveBoardScript.path] : [],
            content: content)
    }

    /// The category toggles, with a refused query's message beside them.
    static func toggles(_ query: BoardQuery, error: FolioError?) -> HTML {
        let boxes = RaceCategory.Kind.allCases.map(\.rawValue).html { category in
            Components.checkbox(
                "category", label: category, checked: query.categories.contains(category), value: category)
        }
        let message: HTML = error.map { Components.refusal($0.line, for: $0.field ?? "query") } ?? .empty
        return """
            <form method="get" action="/races" class="inline" aria-label="Categories">\(boxes)<button type="submit" class="secondary">Show</button></form>
            \(message)
            """
    }

    static func events(_ request: Request, environment: WebEnvironment) async -> Response {
        let board: BoardRequest
        let services: RacingPageServices
        do {
            board = try BoardQuery(request).request()
            services = try RacingPageServices(environment)
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
        let every = Int(environment.refresh.components.seconds)
        return await BoardStream.response(
            ticker: environment.ticker, every: every, lastEventID: request.headers[HTTPField.Name("Last-Event-ID")!]
        ) { connecting in
            // The board on connect is the page's (the saved one, at once); every later one is fetched anew.
            try? await services.nextRaces(board, mode: connecting ? .normal : .refresh)
        }
    }

    /// The next three races, kept live by the same stream as the page.
    static func dashboardCard(_ environment: WebEnvironment) async -> HTML? {
        let heading: HTML = "<h2><a href=\"/races\">Next races</a></h2>"
        do {
            let services = try RacingPageServices(environment)
            do {
                let report = try await services.nextRaces(BoardRequest(count: 3))
                let board = BoardMarkup.board(report, events: "/races/events?count=3")
                return
                    "<section class=\"card\">\(heading)\(BoardMarkup.staleness(report))\(board)<script src=\"\(LiveBoardScript.path)\" defer></script></section>"
            } catch {
                return
                    "<section class=\"card\">\(heading)\(unavailable(error, offline: services.context.offline))</section>"
            }
        } catch {
            return "<section class=\"card\">\(heading)\(unavailable(error, offline: false))</section>"
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
