import FeatureKit
import Racing

/// The board as a table: start (local), countdown, code, meeting, race number and name, country.
///
/// Only the race name gives way on a narrow terminal: the meeting is how punters find a race.
enum RaceTable {
    static func render(_ races: [some ShownRace], text: RaceText, style: Style, width: Int) -> String {
        var table = TextTable(columns: [
            .text("START"), .number("IN"), .text("CATEGORY"), .text("MEETING"), .number("NO"),
            .text("RACE", truncatable: true), .text("COUNTRY"),
        ])
        for race in races {
            table.append([
                TextTable.Cell(text.startTime(race)),
                TextTable.Cell(text.countdown(race), color: countdownColor(race.secondsToStart(at: text.now))),
                TextTable.Cell(race.categoryName),
                TextTable.Cell(race.meetingName),
                TextTable.Cell(String(race.number)),
                TextTable.Cell(race.name),
                TextTable.Cell(race.venueCountry ?? "—"),
            ])
        }
        return table.render(style: style, maxWidth: width)
    }

    /// Red once started, yellow in the last two minutes: the races a punter must act on now.
    static func countdownColor(_ seconds: Int) -> Style.Color? {
        if seconds < 0 { return .red }
        if seconds < 120 { return .yellow }
        return nil
    }
}
