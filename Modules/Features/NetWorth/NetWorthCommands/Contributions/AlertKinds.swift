import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import NetWorth
import Timing

/// A net worth alert's parameters: one target, crossed upward (`above`) or downward (`below`).
struct NetWorthAlertParameters: Codable, Sendable, Equatable {
    var above: Amount?
    var below: Amount?
}

/// The net worth feature's alert kinds.
enum NetWorthAlerts {
    /// `networth`: the net worth (saved toggles, today) reaching a target. It changes when the person edits
    /// the accounts or a linked value moves; no setting says how often, so a minute.
    static let networth = AlertContribution(
        kind: .typed(
            name: "networth", featureID: "networth", summary: NetWorthAlertCommand.configuration.abstract,
            rate: { _ in .seconds(60) }, form: form, parameters: NetWorthAlertParameters.self, check: check),
        add: NetWorthAlertCommand.self)

    static func check(_ parameters: NetWorthAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let summary = try await SummaryService(NetWorthDependencies(store: context.store, timing: context.timing)).summary()
        let worth = NumberFormat.money(summary.netWorth, currency: summary.currency)
        guard let level = AlertLevel(above: parameters.above, below: parameters.below), level.holds(for: summary.netWorth) else { return .holding([]) }
        let target = NumberFormat.money(level.level, currency: summary.currency)
        return .holding([AlertSignal(
            key: level.direction.rawValue,
            title: level.direction == .above ? "Net worth reached \(target)" : "Net worth fell to \(target)",
            body: "Net worth \(worth) on \(summary.asOf.iso8601).", link: "/networth")])
    }

    /// The form of `/alerts` and the parser of `folio alerts add networth`.
    static let form = AlertForm(
        fields: [
            .init("above", label: "Net worth at or above", placeholder: "250000"),
            .init("below", label: "Net worth at or below", placeholder: "100000"),
        ],
        define: definition)

    /// Reads a net worth alert: exactly one target, any sign (a net worth can be negative).
    /// - Throws: ``FolioError`` naming the field at fault.
    static func definition(_ input: AlertInput, context: FeatureContext) async throws -> AlertDefinition {
        _ = try input.exactlyOne(of: ["above", "below"], "a net worth at or above a target or one at or below")
        // The same bound as a balance: totals of thousands of accounts still fit the exact type.
        guard let level = try AlertLevel.read(input, maximum: Amount(1_000_000_000_000_000), allowsNegative: true) else {
            throw FolioError(.internal, "a net worth alert without a target")
        }
        let summary = try await SummaryService(NetWorthDependencies(store: context.store, timing: context.timing)).summary()
        return try AlertDefinition(
            kind: "networth", parameters: NetWorthAlertParameters(above: level.above, below: level.below),
            summary: "net worth at or \(level.direction.rawValue) \(NumberFormat.money(level.level, currency: summary.currency))")
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
        try await NetWorthAlerts.definition(AlertInput(level.fields), context: context)
    }
}
