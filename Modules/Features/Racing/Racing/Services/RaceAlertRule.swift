import AlertRules
import Caching
import Failures
import Foundation
import Settings
import Timing

/// The `race` alert kind's rules: a race of the chosen codes or meetings coming within a window of its start.
/// The terminal's `folio alerts add race` and the `/alerts` form both read input through ``define(_:)``; the
/// host's engine calls ``check(_:offline:)``.
public struct RaceAlertRule: Sendable {
    /// What is stored: which races (codes, meetings; none means any) and how soon before the start.
    public struct Parameters: Codable, Sendable, Equatable {
        /// The racing codes (`horse`), any when empty.
        public var categories: [String]
        /// The meetings' names in lower case, any when empty.
        public var meetings: [String]
        /// How long before the start to fire.
        public var withinSeconds: Int
    }

    /// The kind's name, after `folio alerts add`.
    public static let kind = "race"
    /// How soon to look again while a race is about to come within the window.
    static let closeRange: Duration = .seconds(5)
    /// The inputs, as options and form fields.
    public static let fields = [
        AlertField(
            "category", label: "Racing codes",
            hint: "horse, harness, greyhound or other; several with commas; any when empty.", placeholder: "horse"),
        AlertField(
            "meeting", label: "Meetings", hint: "Several with commas; any when empty.", placeholder: "Flemington"),
        AlertField(
            "within", label: "Starting within", hint: "A duration from 1s to 24h.", placeholder: "5m", required: true),
    ]

    private let races: NextToGoService
    private let rate: Duration

    /// Creates the rule over the board, read at the alert's `rate` (``rate(_:)``).
    public init(races: NextToGoService, rate: Duration) {
        self.races = races
        self.rate = rate
    }

    /// The board's refresh, `races.refresh` (30 s by default, at least the scheduler's minimum).
    /// - Throws: ``FolioError`` (usage) for a malformed setting.
    public static func rate(_ configuration: Configuration) throws -> Duration {
        max(
            try configuration.duration(RacingSettings.refreshKey) ?? RefreshScheduler.Settings.defaultInterval,
            RefreshScheduler.Settings.minimumInterval)
    }

    /// Reads a race alert: known codes, meetings by name, a window from 1 s to 24 h.
    /// - Throws: ``FolioError`` naming the field at fault.
    public func define(_ input: AlertInput) throws -> AlertDefinition {
        let within = try input.required("within", "the window", example: "5m")
        let request = try BoardRequest(categories: input["category"].map { [$0] } ?? [], countries: [])
        guard let window = Configuration.parseDuration(within), window >= .seconds(1), window <= .seconds(86_400) else {
            throw FolioError(
                .invalid, "\"\(within)\" is not a window", why: "a window is a duration from 1s to 24h, such as 5m",
                field: "within")
        }
        let names = BoardRequest.words(input["meeting"].map { [$0] } ?? [])
        let codes = request.filter.categories.map(\.rawValue).sorted()
        let which =
            (codes.isEmpty ? "races" : codes.joined(separator: " or ") + " races")
            + (names.isEmpty ? "" : " at \(names.joined(separator: " or "))")
        return try AlertDefinition(
            kind: Self.kind,
            parameters: Parameters(categories: codes, meetings: names, withinSeconds: Int(window.components.seconds)),
            summary: "\(which) starting within \(DurationFormat.short(window))")
    }

    /// The races within the window now, each its own condition (its id), so each fires once. A race that comes
    /// within the window before the next check at the board's rate asks for a check every few seconds, so it
    /// fires when it enters and a start brought forward is seen.
    public func check(_ parameters: Parameters, offline: Bool) async throws -> AlertReading {
        let kinds = Set(parameters.categories.compactMap(RaceCategory.Kind.init(named:)))
        let request = BoardRequest(count: 20, filter: RaceFilter(categories: kinds))
        // A countdown of minutes is only as good as the board: the terminal's rule, fetched every check.
        let report = try await races.nextRaces(request, mode: offline ? .offline : .refresh)
        let meetings = Set(parameters.meetings.map { $0.lowercased() })
        let chosen = report.races.filter { meetings.isEmpty || meetings.contains($0.meetingName.lowercased()) }
        let soon = chosen.filter { (0...parameters.withinSeconds).contains($0.secondsToStart) }
        let rate = Int(rate.components.seconds)
        let entries = chosen.map { $0.secondsToStart - parameters.withinSeconds }.filter { (1...rate).contains($0) }
        let reading = AlertReading.holding(
            soon.map { race in
                AlertSignal(
                    key: race.raceId,
                    title: "\(race.title) starts in \(CountdownFormat.string(seconds: race.secondsToStart))",
                    body: "\(race.raceName) (\(race.category)) at \(race.meetingName) starts at "
                        + "\(LocalDateTime(race.advertisedStart, in: .current).hourMinute).",
                    link: "/races")
            })
        return reading.checkingAgain(after: entries.min().map { min(.seconds($0), Self.closeRange) })
    }
}
