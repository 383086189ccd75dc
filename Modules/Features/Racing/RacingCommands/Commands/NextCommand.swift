import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Networking
import Racing
import Timing

/// `folio races next`: one snapshot of the board.
struct NextCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Show the next races to start, with countdowns.",
        discussion: """
            Shown: the races with now ≤ advertised start + 60 s that pass --category and --country, sorted by advertised start then race id; the first --count of them.

            Countdown (IN) = advertised start − now, in whole seconds rounded down; negative once the race has started.

            The service caps its answer at a total across all codes, so folio first asks for max(10, 2 × count) races (max(20, 4 × count) with a filter) and doubles the request, up to 200, until --count races pass or the service has no more.

            JSON and CSV rows: raceId, meetingName, raceNumber, raceName, category, advertisedStart (ISO 8601 UTC), secondsToStart, venueCountry, venueState, distance (metres; null when unknown).

            With --offline the last fetched board is shown, filtered again by the 60-second rule, with its "as of" time.

            Examples:
              folio races next
              folio races next --count 3 --category horse,harness --country AUS,NZ --format json
            """)

    @OptionGroup var board: BoardOptions
    @OptionGroup var formatting: FormatOptions

    func validate() throws {
        if board.plain, formatting.format != .table {
            throw ValidationError(
                "--plain writes sentences; it cannot be combined with --format \(formatting.format.rawValue).")
        }
    }

    func run(in context: FeatureContext) async throws {
        let service = try RacingServices(context: context).nextToGo()
        let request = try board.request()
        let report: NextRacesReport
        do {
            report = try await service.nextRaces(request, mode: context.offline ? .offline : .refresh)
        } catch let error as NetworkError {
            throw FolioError.from(error, configuredBy: RacingSettings.baseURLKey, in: context.configuration)
        }
        let text = RaceText(now: report.now)
        warn(about: report, filtered: !request.filter.isEmpty, text: text, terminal: context.terminal)
        try formatting.emit(try output(report, text: text, context: context), to: context.terminal)
    }

    private func output(_ report: NextRacesReport, text: RaceText, context: FeatureContext) throws -> String {
        switch formatting.format {
        case .json:
            return try JSONOutput.string(report)
        case .csv:
            return try CSVOutput.rows(report.races, columns: RaceEntry.columns)
        case .table:
            let stamp = report.fromSavedCopy ? "as of \(text.timestamp(report.asOf)) (saved copy)" : nil
            if board.plain {
                var lines = report.races.isEmpty ? ["No races match right now."] : report.races.map(text.sentence)
                if let stamp { lines.append("Shown \(stamp).") }
                return lines.joined(separator: "\n")
            }
            guard !report.races.isEmpty else { return "No races match right now." }
            let table = RaceTable.render(
                report.races, text: text, style: context.style, width: formatting.tableWidth(on: context.terminal))
            return stamp.map { table + context.style.dim($0) } ?? table
        }
    }

    /// Warnings on stderr: unreadable races, a stale copy, a board shorter than asked.
    private func warn(about report: NextRacesReport, filtered: Bool, text: RaceText, terminal: any Terminal) {
        let shown = report.races.count
        let skipped = report.skipped
        if !skipped.isEmpty {
            let list = skipped.prefix(3).map { "\($0.raceID): \($0.reason)" }.joined(separator: "; ")
            terminal.warn(
                "\(skipped.count) race\(skipped.count == 1 ? "" : "s") could not be read and \(skipped.count == 1 ? "is" : "are") not shown (\(list))"
            )
        }
        if let failure = report.failure {
            terminal.warn("\(failure) — showing the board saved at \(text.timestamp(report.asOf))")
        }
        if shown < board.count {
            let subject = filtered ? "races pass the filter" : "races to show"
            let reason =
                report.fromSavedCopy
                ? "the saved board has no more"
                : report.exhausted
                    ? "the service has no more right now"
                    : "folio stopped growing the request at \(report.requestedCount) races"
            terminal.warn("only \(shown) of \(board.count) \(subject) — \(reason)")
        }
    }
}
