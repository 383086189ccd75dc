import Alerting
import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import Money
import MutualFunds
import Timing

/// A fund alert's parameters: the scheme and exactly one condition.
struct FundAlertParameters: Codable, Sendable, Equatable {
    var code: Int
    var above: Amount?
    var below: Amount?
    /// A day's move, in percent, either way.
    var movePercent: Amount?
    /// The fall from the highest NAV of the history, in percent.
    var drawdownPercent: Amount?
}

/// The funds feature's alert kinds.
enum FundsAlerts {
    /// `fund`: a NAV crossing a level, a day's move beyond X %, or a drawdown from the peak beyond X %.
    static let fund = AlertContribution(
        kind: .typed(
            name: "fund", featureID: "funds", summary: FundAlertCommand.configuration.abstract,
            interval: .seconds(3_600), parameters: FundAlertParameters.self, check: check),
        add: FundAlertCommand.self)

    static func check(_ parameters: FundAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let fetched = try await FundsServices(context: context).history(code: parameters.code)
        guard !fetched.isStale else {
            return .noNews("the NAV history of scheme \(parameters.code) is stale (as of \(fetched.asOf))")
        }
        let history = fetched.value
        let points = history.points
        guard let latest = points.last else { return .noNews("scheme \(parameters.code) has no NAV yet") }
        let nav = "NAV \(FundsFormat.nav(latest.nav)) on \(latest.date.iso8601)"
        let link = "/funds/\(parameters.code)"
        func signal(_ key: String, _ title: String) -> AlertReading {
            .holding([AlertSignal(key: key, title: "\(history.name): \(title)", body: "\(nav).", link: link)])
        }
        if let level = parameters.below {
            return latest.nav <= level ? signal("below", "NAV at or below \(FundsFormat.nav(level))") : .holding([])
        }
        if let level = parameters.above {
            return latest.nav >= level ? signal("above", "NAV at or above \(FundsFormat.nav(level))") : .holding([])
        }
        if let limit = parameters.movePercent {
            guard points.count >= 2 else { return .holding([]) }
            let previous = points[points.count - 2].nav
            // |latest − previous| × 100 > limit × previous, exactly: no ratio through Double.
            let moved = try (latest.nav - previous).magnitude * 100 > limit * previous
            let change = try (latest.nav - previous).divided(by: previous, places: 6)
            return moved
                ? signal("move/\(latest.date.iso8601)", "moved \(NumberFormat.percent(change)) in a day") : .holding([])
        }
        if let limit = parameters.drawdownPercent {
            let peak = points.map(\.nav).max() ?? latest.nav
            let fall = try peak - latest.nav
            let deep = try fall * 100 > limit * peak
            let drawdown = try fall.divided(by: peak, places: 6)
            return deep
                ? signal("drawdown", "\(NumberFormat.percent(drawdown, signed: false)) below its peak of \(FundsFormat.nav(peak))")
                : .holding([])
        }
        return .holding([])
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
            history, and re-arms when the fund recovers. A stale history fires nothing.

            Examples:
              folio alerts add fund 122639 --below 85
              folio alerts add fund 122639 --drawdown 10%
            """)

    @Argument(help: "The scheme code (see funds search).")
    var code: SchemeCode

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the NAV rises to this level or above.", valueName: "nav"))
    var above: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the NAV falls to this level or below.", valueName: "nav"))
    var below: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when a day's move exceeds this percentage.", valueName: "percent"))
    var move: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the fall from the peak exceeds this percentage.", valueName: "percent"))
    var drawdown: String?

    func validate() throws {
        guard [above, below, move, drawdown].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --above NAV, --below NAV, --move PERCENT or --drawdown PERCENT")
        }
    }

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        let maximum = Amount(10_000_000)
        var parameters = FundAlertParameters(code: code.value)
        let condition: String
        if let above {
            parameters.above = try AlertThreshold.level(above, option: "--above", maximum: maximum)
            condition = "NAV at or above \(FundsFormat.nav(parameters.above!))"
        } else if let below {
            parameters.below = try AlertThreshold.level(below, option: "--below", maximum: maximum)
            condition = "NAV at or below \(FundsFormat.nav(parameters.below!))"
        } else if let move {
            parameters.movePercent = try AlertThreshold.percent(move, option: "--move")
            condition = "a day's move beyond \(parameters.movePercent!)%"
        } else {
            parameters.drawdownPercent = try AlertThreshold.percent(drawdown ?? "", option: "--drawdown")
            condition = "more than \(parameters.drawdownPercent!)% below its peak"
        }
        // The scheme must exist: an alert on a code the API does not know would never fire.
        let history = try await FundsServices(context: context).history(code: code.value)
        return try AlertDefinition(kind: "fund", parameters: parameters, summary: "\(history.value.name): \(condition)")
    }
}

extension FundAlertParameters {
    init(code: Int) { self.init(code: code, above: nil, below: nil, movePercent: nil, drawdownPercent: nil) }
}
