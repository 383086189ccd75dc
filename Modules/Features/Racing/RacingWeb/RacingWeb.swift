import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Timing

/// The races pages: `/races` (the next five with ticking countdowns, category toggles, live through
/// server-sent events), `/races/events` and `/api/races/next` (exactly `folio races next --format json`).
public enum RacingWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "races", navigation: NavigationEntry(title: "Races", path: "/races"),
        openAPIPaths: [
            "/api/races/next": .openAPIGet(
                "The next races, as `folio races next --format json`.", query: ["count", "category", "country"],
                response: OpenAPISchema.array(
                    OpenAPISchema.object(
                        [
                            "raceId": OpenAPISchema.string, "meetingName": OpenAPISchema.string, "raceNumber": OpenAPISchema.integer,
                            "raceName": OpenAPISchema.string, "category": OpenAPISchema.string,
                            "advertisedStart": OpenAPISchema.string, "secondsToStart": OpenAPISchema.integer,
                            "venueCountry": OpenAPISchema.optionalString,
                        ],
                        required: ["raceId", "meetingName", "raceNumber", "raceName", "category", "advertisedStart", "secondsToStart"])))
        ],
        dashboard: { environment, _ in await dashboardCard(environment) },
        routes: { router, environment in
            router.get("/races") { request, context in await page(request, context: context, environment: environment) }
            router.get("/races/events") { request, _ in events(request, environment: environment) }
            router.get("/api/races/next") { request, _ in
                let query = BoardQuery(request, defaultCount: 5)
                return environment.jsonResponse(await environment.runner.run("races", query.arguments))
            }
        })

    static func page(_ request: Request, context: WebRequestContext, environment: WebEnvironment) async -> Response {
        let query = BoardQuery(request, defaultCount: 5)
        let result = await environment.runner.run("races", query.arguments)
        if let error = result.error {
            return environment.failurePage(error, title: "Next races", request: request, context: context)
        }
        let rows = (try? RaceRowView.decode(result.output)) ?? []
        let now = environment.timing.now()
        // `?live=0`: a board that still ticks but is not refreshed (for metered connections and screenshots).
        let live = request.uri.queryParameters["live"] != "0"
        let toggles = RaceCategories.all.html { category in
            Components.checkbox("category", label: category, checked: query.categories.contains(category), value: category)
        }
        let warnings = result.warningLines.html { Components.notice($0, kind: "warning") }
        let content: HTML = """
            <form method="get" action="/races" class="inline" aria-label="Categories">\(toggles)<button type="submit" class="secondary">Show</button></form>
            \(warnings)
            <p id="announcer" class="visually-hidden" aria-live="polite"></p>
            \(board(rows, now: now, events: live ? "/races/events" + query.queryString : nil))
            <p class="hint">Countdowns tick in the browser; a race leaves the board a minute after its start. The board is fetched again every \(DurationFormat.short(environment.refresh)).</p>
            """
        return environment.page("Next races", request: request, context: context, content: content)
    }

    static func board(_ rows: [RaceRowView], now: Date, events: String?) -> HTML {
        let eventsAttribute: HTML = events.map { " data-events=\"\($0)\"" } ?? .empty
        let table = Components.table(
            caption: rows.isEmpty ? "No races match right now." : nil,
            headers: ["Start", "In", "Category", "Meeting", "No", "Race", "Country"], numeric: [1, 4], rows: [])
        let body = tableRows(rows, now: now)
        return HTML(raw: "<div class=\"board\" data-server-now=\"\(Int(now.timeIntervalSince1970 * 1000))\"\(eventsAttribute.markup)>")
            + HTML(raw: table.markup.replacingOccurrences(of: "<tbody></tbody>", with: "<tbody>\(body.markup)</tbody>"))
            + "</div>"
    }

    /// The board's rows; the same markup is sent by the event stream.
    static func tableRows(_ rows: [RaceRowView], now: Date) -> HTML {
        rows.html { race in
            let seconds = Int((race.start.timeIntervalSince(now)).rounded(.down))
            let started = seconds < 0
            let countdown = CountdownFormat.string(seconds: seconds) + (started ? " (started)" : "")
            let startMillis = Int(race.start.timeIntervalSince1970 * 1000)
            return """
                <tr data-name="Race \(race.raceNumber) at \(race.meetingName)"\(started ? HTML(raw: " class=\"started\"") : .empty)>\
                <td><time datetime="\(race.advertisedStart)">\(LocalDateTime(race.start, in: .current).hourMinute)</time></td>\
                <td class="num countdown" data-start="\(startMillis)">\(countdown)</td>\
                <td>\(race.category)</td><td>\(race.meetingName)</td><td class="num">\(race.raceNumber)</td>\
                <td>\(race.raceName)</td><td>\(race.venueCountry ?? "")</td></tr>
                """
        }
    }

    static func events(_ request: Request, environment: WebEnvironment) -> Response {
        let query = BoardQuery(request, defaultCount: 5)
        let every = Int(environment.refresh.components.seconds)
        return ServerSentEvents.response(ticker: environment.ticker, every: every) {
            let result = await environment.runner.run("races", query.arguments)
            guard result.error == nil, let rows = try? RaceRowView.decode(result.output) else { return nil }
            let now = environment.timing.now()
            return ServerSentEvent(name: "board", data: BoardUpdate(now: now, rows: tableRows(rows, now: now)).json)
        }
    }

    static func dashboardCard(_ environment: WebEnvironment) async -> HTML? {
        let result = await environment.runner.run("races", ["next", "--count", "3", "--format", "json"])
        guard result.error == nil, let rows = try? RaceRowView.decode(result.output) else {
            return "<section class=\"card\"><h2><a href=\"/races\">Next races</a></h2>\(Components.notice(result.errorLine ?? "No races right now.", kind: "warning"))</section>"
        }
        return "<section class=\"card\"><h2><a href=\"/races\">Next races</a></h2>\(board(rows, now: environment.timing.now(), events: nil))</section>"
    }
}

/// What the event stream sends: the server's time and the rows' markup.
struct BoardUpdate: Encodable {
    var now: Int
    var rows: String

    init(now: Date, rows: HTML) {
        self.now = Int(now.timeIntervalSince1970 * 1000)
        self.rows = rows.markup
    }

    var json: String { (try? JSONOutput.string(self)) ?? "{}" }
}

/// The categories the board can be narrowed to (the CLI's `--category` values).
enum RaceCategories {
    static let all = ["horse", "harness", "greyhound", "other"]
}
