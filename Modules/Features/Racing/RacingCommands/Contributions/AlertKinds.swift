import Alerting
import Caching
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Racing
import Settings
import Timing

/// A race alert's parameters: which races (codes, meetings; none means any) and how soon before the start.
struct RaceAlertParameters: Codable, Sendable, Equatable {
    var categories: [String]
    var meetings: [String]
    var withinSeconds: Int
}

/// The racing feature's alert kinds.
enum RacingAlerts {
    /// `race`: fires once per race of the chosen codes or meetings that comes within the window.
    static let race = AlertContribution(
        kind: .typed(
            name: "race", featureID: "races", summary: RaceAlertCommand.configuration.abstract, rate: rate, form: form,
            parameters: RaceAlertParameters.self, check: check),
        add: RaceAlertCommand.self)

    /// The board's refresh, `races.refresh` (30 s by default, at least the scheduler's minimum).
    static func rate(_ context: FeatureContext) throws -> Duration {
        max(
            try context.configuration.duration(RacingSettings.refreshKey) ?? RefreshScheduler.Settings.defaultInterval,
            RefreshScheduler.Settings.minimumInterval)
    }

    /// How soon to look again while a race is about to come within the window.
    static let closeRange: Duration = .seconds(5)

    /// The races within the window now, each its own condition (its id), so each fires once. A race that comes
    /// within the window before the next check at the board's rate asks for a check every few seconds, so it
    /// fires when it enters and a start brought forward is seen.
    static func check(_ parameters: RaceAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let kinds = Set(parameters.categories.compactMap(RaceCategory.Kind.init(named:)))
        let request = BoardRequest(count: 20, filter: RaceFilter(categories: kinds))
        // A countdown of minutes is only as good as the board: the terminal's rule, fetched every check.
        let report = try await RacingServices(context: context).nextToGo()
            .nextRaces(request, mode: context.offline ? .offline : .refresh)
        let meetings = Set(parameters.meetings.map { $0.lowercased() })
        let chosen = report.races.filter { meetings.isEmpty || meetings.contains($0.meetingName.lowercased()) }
        let soon = chosen.filter { (0...parameters.withinSeconds).contains($0.secondsToStart) }
        let rate = Int(try Self.rate(context).components.seconds)
        let entries = chosen.map { $0.secondsToStart - parameters.withinSeconds }.filter { (1...rate).contains($0) }
        let reading = AlertReading.holding(soon.map { race in
            AlertSignal(
                key: race.raceId, title: "\(race.title) starts in \(CountdownFormat.string(seconds: race.secondsToStart))",
                body: "\(race.raceName) (\(race.category)) at \(race.meetingName) starts at "
                    + "\(LocalDateTime(race.advertisedStart, in: .current).hourMinute).",
                link: "/races")
        })
        return reading.checkingAgain(after: entries.min().map { min(.seconds($0), closeRange) })
    }

    /// The form of `/alerts` and the parser of `folio alerts add race`.
    static let form = AlertForm(
        fields: [
            .init("category", label: "Racing codes", hint: "horse, harness, greyhound or other; several with commas; any when empty.", placeholder: "horse"),
            .init("meeting", label: "Meetings", hint: "Several with commas; any when empty.", placeholder: "Flemington"),
            .init("within", label: "Starting within", hint: "A duration from 1s to 24h.", placeholder: "5m", required: true),
        ],
        define: definition)

    /// Reads a race alert: known codes, meetings by name, a window from 1 s to 24 h.
    /// - Throws: ``FolioError`` naming the field at fault.
    static func definition(_ input: AlertInput, context: FeatureContext) async throws -> AlertDefinition {
        let within = try input.required("within", "the window", example: "5m")
        let request = try BoardRequest(categories: input["category"].map { [$0] } ?? [], countries: [])
        guard let window = Configuration.parseDuration(within), window >= .seconds(1), window <= .seconds(86_400) else {
            throw FolioError(
                .invalid, "\"\(within)\" is not a window", why: "a window is a duration from 1s to 24h, such as 5m",
                field: "within")
        }
        let names = BoardRequest.words(input["meeting"].map { [$0] } ?? [])
        let codes = request.filter.categories.map(\.rawValue).sorted()
        let which = (codes.isEmpty ? "races" : codes.joined(separator: " or ") + " races")
            + (names.isEmpty ? "" : " at \(names.joined(separator: " or "))")
        return try AlertDefinition(
            kind: "race",
            parameters: RaceAlertParameters(
                categories: codes, meetings: names, withinSeconds: Int(window.components.seconds)),
            summary: "\(which) starting within \(DurationFormat.short(window))")
    }
}

/// `folio alerts add race`.
struct RaceAlertCommand: AlertAddCommand {
    static let configuration = CommandConfiguration(
        commandName: "race",
        abstract: "A race of a chosen code or meeting starting within a window.",
        discussion: """
            Fires once for each race that passes --category and --meeting (any, when not given) with \
            0 ≤ advertised start − now ≤ --within. Codes are spelled as in races next: horse, harness, greyhound, \
            other (trots, dogs, … too). A watch reads the board every races.refresh (30s by default), and every \
            few seconds while a race is about to come within the window.

            Examples:
              folio alerts add race --category horse --within 5m
              folio alerts add race --meeting Flemington --within 10m
            """)

    @Option(name: .customLong("category"), help: ArgumentHelp("A racing code; repeat or separate with commas.", valueName: "code"))
    var categories: [String] = []

    @Option(name: .customLong("meeting"), help: ArgumentHelp("A meeting's name; repeat for several.", valueName: "name"))
    var meetings: [String] = []

    @Option(help: ArgumentHelp("How long before the start to fire (30s, 5m, 1h).", valueName: "duration"))
    var within: String

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        try await RacingAlerts.definition(
            AlertInput([
                "category": categories.joined(separator: ","), "meeting": meetings.joined(separator: ","), "within": within,
            ]),
            context: context)
    }
}
