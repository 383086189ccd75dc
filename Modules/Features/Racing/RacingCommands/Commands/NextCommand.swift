import ArgumentParser
import Caching
import Failures
import FeatureCLI
import FeatureKit
import Foundation
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
            throw ValidationError("--plain writes sentences; it cannot be combined with --format \(formatting.format.rawValue).")
        }
    }

    func run(in context: FeatureContext) async throws {
        let filter = try board.filter()
        let services = RacingServices(context: context)
        let cached = try await services.boardCache.load(count: board.count, filter: filter)
        let now = context.timing.now()
        let races = cached.value.board(count: board.count, filter: filter, at: now)
        let text = RaceText(now: now)
        if cached.fromCache, races.isEmpty {
            throw cached.failure
                ?? FolioError(
                    .unavailable, "no races left in the saved board",
                    why: "every race saved at \(text.timestamp(cached.asOf)) is more than a minute past its start",
                    hint: "run without --offline to fetch the current board")
        }
        report(cached, shown: races.count, filter: filter, text: text, terminal: context.terminal)
        try formatting.emit(
            try output(races, cached: cached, text: text, context: context), to: context.terminal)
    }

    private func output(
        _ races: [Race], cached: Cached<NextToGoResult>, text: RaceText, context: FeatureContext
    ) throws -> String {
        switch formatting.format {
        case .json:
            return try JSONOutput.string(races.map { RaceRow($0, now: text.now) })
        case .csv:
            return try CSVOutput.rows(races.map { RaceRow($0, now: text.now) }, columns: RaceRow.columns)
        case .table:
            let stamp = cached.fromCache ? "as of \(text.timestamp(cached.asOf)) (saved copy)" : nil
            if board.plain {
                var lines = races.isEmpty ? ["No races match right now."] : races.map(text.sentence)
                if let stamp { lines.append("Shown \(stamp).") }
                return lines.joined(separator: "\n")
            }
            guard !races.isEmpty else { return "No races match right now." }
            let table = RaceTable.render(races, text: text, style: context.style, width: context.terminal.width)
            return stamp.map { table + context.style.dim($0) } ?? table
        }
    }

    /// Warnings on stderr: unreadable races, a stale copy, a board shorter than asked.
    private func report(
        _ cached: Cached<NextToGoResult>, shown: Int, filter: RaceFilter, text: RaceText, terminal: any Terminal
    ) {
        let result = cached.value
        if !result.skipped.isEmpty {
            let list = result.skipped.prefix(3).map { "\($0.raceID): \($0.reason)" }.joined(separator: "; ")
            terminal.warn(
                "\(result.skipped.count) race\(result.skipped.count == 1 ? "" : "s") could not be read and \(result.skipped.count == 1 ? "is" : "are") not shown (\(list))")
        }
        if let failure = cached.failure {
            terminal.warn("\(failure.what) — showing the board saved at \(text.timestamp(cached.asOf))")
        }
        if shown < board.count {
            let subject = filter.isEmpty ? "races to show" : "races pass the filter"
            let reason =
                cached.fromCache
                ? "the saved board has no more"
                : result.exhausted
                    ? "the service has no more right now"
                    : "folio stopped growing the request at \(result.requestedCount) races"
            terminal.warn("only \(shown) of \(board.count) \(subject) — \(reason)")
        }
    }
}
