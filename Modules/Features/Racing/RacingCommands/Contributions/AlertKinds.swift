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
            name: "race", featureID: "races", summary: RaceAlertCommand.configuration.abstract,
            interval: .seconds(10), parameters: RaceAlertParameters.self, check: check),
        add: RaceAlertCommand.self)

    /// The races within the window now, each its own condition (its id), so each fires once.
    static func check(_ parameters: RaceAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let kinds = Set(parameters.categories.compactMap(RaceCategory.Kind.init(named:)))
        let request = BoardRequest(count: 20, filter: RaceFilter(categories: kinds))
        // A countdown of minutes is only as good as the board: the terminal's rule, fetched every check.
        let report = try await RacingServices(context: context).nextToGo()
            .nextRaces(request, mode: context.offline ? .offline : .refresh)
        let meetings = Set(parameters.meetings.map { $0.lowercased() })
        let soon = report.races.filter { race in
            (0...parameters.withinSeconds).contains(race.secondsToStart)
                && (meetings.isEmpty || meetings.contains(race.meetingName.lowercased()))
        }
        return .holding(soon.map { race in
            AlertSignal(
                key: race.raceId, title: "\(race.title) starts in \(CountdownFormat.string(seconds: race.secondsToStart))",
                body: "\(race.raceName) (\(race.category)) at \(race.meetingName) starts at "
                    + "\(LocalDateTime(race.advertisedStart, in: .current).hourMinute).",
                link: "/races")
        })
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
            other (trots, dogs, … too).

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
        let request = try BoardRequest(categories: categories, countries: [])
        guard let window = Configuration.parseDuration(within), window >= .seconds(1), window <= .seconds(86_400) else {
            throw FolioError(
                .invalid, "--within \"\(within)\" is not a window", why: "a window is a duration from 1s to 24h, such as 5m",
                field: "within")
        }
        let names = BoardRequest.words(meetings)
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
