import AlertRules
import Alerting
import ArgumentParser
import FeatureCLI
import FeatureKit
import MutualFunds

/// The funds feature's alert kinds: the rules are the domain's (``FundAlertRule``).
enum FundsAlerts {
    /// `fund`: a NAV crossing a level, a day's move beyond X %, or a drawdown from the peak beyond X %.
    static let fund = AlertContribution(
        kind: .typed(
            name: FundAlertRule.kind, featureID: "funds", summary: FundAlertCommand.configuration.abstract,
            rate: { FundAlertRule.rate(try $0.settings(FundsSettings.self, resolve: FundsSettings.init)) }, form: form,
            parameters: FundAlertRule.Parameters.self,
            check: { parameters, context in
                let services = FundsServices(context: context)
                return try await FundAlertRule(funds: services.service()).check(
                    parameters, mode: services.mode(refresh: false))
            }),
        add: FundAlertCommand.self)

    /// The form of `/alerts` and the parser of `folio alerts add fund`.
    static let form = AlertForm(fields: FundAlertRule.fields) { input, context in
        let services = FundsServices(context: context)
        return try await FundAlertRule(funds: services.service()).define(input, mode: services.mode(refresh: false))
    }
}

/// `folio alerts add fund CODE …`.
struct FundAlertCommand: AlertAddCommand {
    static let configuration = CommandConfiguration(
        commandName: "fund",
        abstract: "A fund's NAV crossing a level, moving more than X % in a day, or falling X % from its peak.",
        discussion: """
            Give exactly one condition. --above/--below fire once when the latest NAV reaches the level and re-arm \
            when it leaves it; --move fires for a NAV day whose |NAV − previous NAV| × 100 > X × previous NAV; \
            --drawdown fires once when (peak − NAV) × 100 > X × peak, the peak being the highest NAV of the \
            history, and re-arms when the fund recovers. A stale history fires nothing. A watch checks as often \
            as a history stays fresh (funds.historyTTL) until the day's NAV is in, then from the start of the \
            next weekday in India (no NAV is published on Saturdays and Sundays).

            Examples:
              folio alerts add fund 122639 --below 85
              folio alerts add fund 122639 --drawdown 10%
            """)

    @Argument(help: "The scheme code (see funds search).")
    var code: SchemeCode

    @OptionGroup var level: AlertLevelOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when a day's move exceeds this percentage.", valueName: "percent"))
    var move: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Fire when the fall from the peak exceeds this percentage.", valueName: "percent"))
    var drawdown: String?

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        var fields = level.fields
        fields["code"] = "\(code.value)"
        fields["move"] = move
        fields["drawdown"] = drawdown
        return try await FundsAlerts.form.define(AlertInput(fields), context)
    }
}
