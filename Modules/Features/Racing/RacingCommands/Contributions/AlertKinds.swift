import AlertRules
import Alerting
import ArgumentParser
import FeatureCLI
import FeatureKit
import Racing

/// The racing feature's alert kinds: the rules are the domain's (``RaceAlertRule``).
enum RacingAlerts {
    /// `race`: fires once per race of the chosen codes or meetings that comes within the window.
    static let race = AlertContribution(
        kind: .typed(
            name: RaceAlertRule.kind, featureID: "races", summary: RaceAlertCommand.configuration.abstract,
            rate: { try RaceAlertRule.rate($0.configuration) }, form: form, parameters: RaceAlertRule.Parameters.self,
            check: { parameters, context in try await rule(context).check(parameters, offline: context.offline) }),
        add: RaceAlertCommand.self)

    /// The form of `/alerts` and the parser of `folio alerts add race`.
    static let form = AlertForm(fields: RaceAlertRule.fields) { input, context in try rule(context).define(input) }

    static func rule(_ context: FeatureContext) throws -> RaceAlertRule {
        RaceAlertRule(
            races: try RacingServices(context: context).nextToGo(), rate: try RaceAlertRule.rate(context.configuration))
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

    @Option(
        name: .customLong("category"),
        help: ArgumentHelp("A racing code; repeat or separate with commas.", valueName: "code"))
    var categories: [String] = []

    @Option(
        name: .customLong("meeting"), help: ArgumentHelp("A meeting's name; repeat for several.", valueName: "name"))
    var meetings: [String] = []

    @Option(help: ArgumentHelp("How long before the start to fire (30s, 5m, 1h).", valueName: "duration"))
    var within: String

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        try RacingAlerts.rule(context).define(
            AlertInput([
                "category": categories.joined(separator: ","), "meeting": meetings.joined(separator: ","),
                "within": within,
            ]))
    }
}
