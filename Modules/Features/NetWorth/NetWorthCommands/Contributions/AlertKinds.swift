import AlertRules
import Alerting
import ArgumentParser
import FeatureCLI
import FeatureKit
import NetWorth

/// The net worth feature's alert kinds: the rules are the domain's (``NetWorthAlertRule``).
enum NetWorthAlerts {
    /// `networth`: the net worth (saved toggles, today) reaching a target.
    static let networth = AlertContribution(
        kind: .typed(
            name: NetWorthAlertRule.kind, featureID: "networth", summary: NetWorthAlertCommand.configuration.abstract,
            rate: { _ in NetWorthAlertRule.rate }, form: form, parameters: NetWorthAlertRule.Parameters.self,
            check: { parameters, context in try await rule(context).check(parameters) }),
        add: NetWorthAlertCommand.self)

    /// The form of `/alerts` and the parser of `folio alerts add networth`.
    static let form = AlertForm(title: NetWorthAlertRule.title, fields: NetWorthAlertRule.fields) { input, context in
        try await rule(context).define(input)
    }

    static func rule(_ context: FeatureContext) -> NetWorthAlertRule {
        NetWorthAlertRule(NetWorthDependencies(store: context.store, timing: context.timing))
    }
}

/// `folio alerts add networth …`.
struct NetWorthAlertCommand: AlertAddCommand {
    static let configuration = CommandConfiguration(
        commandName: "networth",
        abstract: "Net worth reaching a target, upward or downward.",
        discussion: """
            Net worth as networth summary computes it today (saved pension and mortgage toggles), in the base \
            currency. --above fires once when net worth ≥ the target and re-arms when it drops below; --below \
            fires once when net worth ≤ the target.

            Examples:
              folio alerts add networth --above 250000
              folio alerts add networth --below 100000
            """)

    @OptionGroup var level: AlertLevelOptions

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        try await NetWorthAlerts.rule(context).define(AlertInput(level.fields))
    }
}
