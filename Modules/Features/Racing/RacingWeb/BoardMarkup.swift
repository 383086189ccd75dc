import FeatureWeb
import Foundation
import Racing
import Timing

/// The board's markup, built from the report every face shares; the event stream sends the same rows.
enum BoardMarkup {
    /// The table in a `div` that carries the server's time (for countdowns in the server's clock) and, when live,
    /// the event stream the feature's script listens to.
    static func board(_ report: NextRacesReport, events: String?) -> HTML {
        let eventsAttribute: HTML = events.map { " data-race-events=\"\($0)\"" } ?? .empty
        let table = Components.table(
            caption: report.races.isEmpty ? "No races match right now." : nil,
            headers: headers, numeric: [1, 4],
            body: cells(report.races, now: report.now))  // the table labels the cells itself
        return HTML(
            raw: "<div class=\"board\" data-server-now=\"\(milliseconds(report.now))\"\(eventsAttribute.markup)>")
            + table + "</div>"
    }

    /// The board's column titles.
    static let headers = ["Start", "In", "Category", "Meeting", "No", "Race", "Country"]

    /// One row per race, countdowns from `now`, each cell labelled for a phone's cards (the live stream sends them
    /// alone).
    static func rows(_ races: [RaceEntry], now: Date) -> HTML {
        Components.labelled(cells(races, now: now), headers: headers)
    }

    static func cells(_ races: [RaceEntry], now: Date) -> HTML {
        races.html { race in
            let seconds = race.secondsToStart
            let started = seconds < 0
            let countdown = CountdownFormat.string(seconds: seconds) + (started ? " (started)" : "")
            let start = race.advertisedStart
            return """
                <tr data-name="\(race.title)"\(started ? HTML(raw: " class=\"started\"") : .empty)>\
                <td><time datetime="\(TimeStamp.instant(start))">\(LocalDateTime(start, in: .current).hourMinute)</time></td>\
                <td class="num countdown" data-start="\(milliseconds(start))">\(countdown)</td>\
                <td>\(race.category)</td><td>\(race.meetingName)</td><td class="num">\(race.raceNumber)</td>\
                <td>\(race.raceName)</td><td>\(race.venueCountry ?? "")</td></tr>
                """
        }
    }

    /// A saved board's notice: how old it is, and why it is shown.
    static func staleness(_ report: NextRacesReport) -> HTML {
        guard report.fromSavedCopy, report.isStale else { return .empty }
        let age = DurationFormat.short(.seconds(report.ageSeconds))
        let reason = report.failure.map { " — \($0)" } ?? "; a fresh board is being fetched"
        return Components.notice(
            "Saved board from \(LocalDateTime(report.asOf, in: .current).hourMinute) (\(age) old)\(reason).",
            kind: "warning")
    }

    static func milliseconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970 * 1000) }
}
