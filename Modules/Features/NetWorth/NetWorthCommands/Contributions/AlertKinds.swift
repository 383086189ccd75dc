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
    /// `networth`: the net worth (saved toggles, today) reaching a target.
    static let networth = AlertContribution(
        kind: .typed(
            name: "networth", featureID: "networth", summary: NetWorthAlertCommand.configuration.abstract,
            interval: .seconds(60), parameters: NetWorthAlertParameters.self, check: check),
        add: NetWorthAlertCommand.self)

    static func check(_ parameters: NetWorthAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let summary = try await SummaryService(NetWorthDependencies(store: context.store, timing: context.timing)).summary()
        let worth = NumberFormat.money(summary.netWorth, currency: summary.currency)
        let body = "Net worth \(worth) on \(summary.asOf.iso8601)."
        if let target = parameters.above, summary.netWorth >= target {
            return .holding([AlertSignal(
                key: "above", title: "Net worth reached \(NumberFormat.money(target, currency: summary.currency))",
                body: body, link: "/networth")])
        }
        if let target = parameters.below, summary.netWorth <= target {
            return .holding([AlertSignal(
                key: "below", title: "Net worth fell to \(NumberFormat.money(target, currency: summary.currency))",
                body: body, link: "/networth")])
        }
        return .holding([])
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when net worth reaches this amount or more.", valueName: "amount"))
    var above: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when net worth falls to this amount or less.", valueName: "amount"))
    var below: String?

    func validate() throws {
        if (above == nil) == (below == nil) { throw ValidationError("give exactly one of --above AMOUNT or --below AMOUNT") }
    }

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        // The same bound as a balance: totals of thousands of accounts still fit the exact type.
        let maximum = Amount(1_000_000_000_000_000)
        let summary = try await SummaryService(NetWorthDependencies(store: context.store, timing: context.timing)).summary()
        if let above {
            let target = try AlertThreshold.level(above, option: "--above", maximum: maximum, allowsNegative: true)
            return try AlertDefinition(
                kind: "networth", parameters: NetWorthAlertParameters(above: target),
                summary: "net worth at or above \(NumberFormat.money(target, currency: summary.currency))")
        }
        let target = try AlertThreshold.level(below ?? "", option: "--below", maximum: maximum, allowsNegative: true)
        return try AlertDefinition(
            kind: "networth", parameters: NetWorthAlertParameters(below: target),
            summary: "net worth at or below \(NumberFormat.money(target, currency: summary.currency))")
    }
}
