import Caching
import Failures
import FeatureKit
import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import Racing
import Timing

/// `/races` (the next five with ticking countdowns and category toggles) and `/races/events` (the same board,
/// live through server-sent events), from the ``NextToGoService`` report `folio races next` prints.
struct RacesPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func render(_ request: Request, context: WebRequestContext) async -> Response {
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
                    offline ? FolioError(.unavailable, RacingWeb.offlineWords) : failure, title: "Next races",
                    request: request, context: context)
            }
            // A refused query is shown back beside the toggles it came from, with the status its kind calls for.
            return environment.page(
                "Next races", request: request, context: context, status: WebResponses.status(for: failure),
                content: Self.toggles(query, error: failure))
        }
        // `?live=0`: a board that still ticks but is not refreshed (for metered connections and screenshots).
        let live = request.uri.queryParameters["live"] != "0"
        let content: HTML = """
            \(Self.toggles(query, error: nil))
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

    func events(_ request: Request) async -> Response {
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
}
