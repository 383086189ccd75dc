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
            name: "fund", featureID: "funds", summary: FundAlertCommand.configuration.abstract, rate: rate, form: form,
            parameters: FundAlertParameters.self, check: check),
        add: FundAlertCommand.self)

    /// Until the day's NAV is in, as often as a history stays fresh (`funds.historyTTL`): a check sooner would
    /// read the same cached history. Once it is in, the check asks for the next weekday (see
    /// ``nextNAVDay(after:now:)``).
    static func rate(_ context: FeatureContext) throws -> Duration {
        try FundsSettings(context.configuration).historyTTL
    }

    /// NAVs are published once a day for a calendar date in India.
    static let india = TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800)!

    /// When every NAV published so far can be in — the latest is today's in India or, on a Saturday or Sunday
    /// there (no NAV is published for those days), the Friday's — the time to the start of the next weekday
    /// there; nil otherwise, so a NAV still to come is looked for at the rate. Holidays are not known here.
    static func nextNAVDay(after latest: CalendarDate, now: Date) -> Duration? {
        let today = CalendarDate(now, in: india)
        var lastNAVDay = today
        while isWeekend(lastNAVDay) { lastNAVDay = lastNAVDay.adding(days: -1) }
        guard latest >= lastNAVDay else { return nil }
        var next = today.adding(days: 1)
        while isWeekend(next) { next = next.adding(days: 1) }
        return .seconds(max(1, Int(next.startOfDay(in: india).timeIntervalSince(now).rounded(.up))))
    }

    private static func isWeekend(_ date: CalendarDate) -> Bool { date.weekday >= 6 }

    /// The form of `/alerts` and the parser of `folio alerts add fund`.
    static let form = AlertForm(
        fields: [
            .init("code", label: "Scheme code", hint: "See funds search.", placeholder: "122639", required: true),
            .init("above", label: "NAV at or above", placeholder: "90"),
            .init("below", label: "NAV at or below", placeholder: "85"),
            .init("move", label: "A day's move beyond (%)", placeholder: "3%"),
            .init("drawdown", label: "Below its peak by more than (%)", placeholder: "10%"),
        ],
        define: definition)

    /// Reads a fund alert: the scheme (which must exist) and exactly one condition.
    /// - Throws: ``FolioError`` naming the field at fault.
    static func definition(_ input: AlertInput, context: FeatureContext) async throws -> AlertDefinition {
        let text = try input.required("code", "the scheme code", example: "122639")
        guard let code = SchemeCode(argument: text) else {
            throw FolioError(
                .invalid, "\"\(text)\" is not a scheme code", why: "a scheme code is a whole number such as 122639",
                hint: "funds search finds a scheme's code", field: "code")
        }
        _ = try input.exactlyOne(
            of: ["above", "below", "move", "drawdown"],
            "a NAV at or above a level, a NAV at or below one, a day's move beyond a percentage or a fall from the peak")
        var parameters = FundAlertParameters(code: code.value)
        let condition: String
        if let level = try AlertLevel.read(input, maximum: Amount(10_000_000)) {
            parameters.above = level.above
            parameters.below = level.below
            condition = "NAV at or \(level.direction.rawValue) \(FundsFormat.nav(level.level))"
        } else if let move = input["move"] {
            let percent = try AlertThreshold.percent(move, field: "move")
            parameters.movePercent = percent
            condition = "a day's move beyond \(percent)%"
        } else {
            let percent = try AlertThreshold.percent(input["drawdown"] ?? "", field: "drawdown")
            parameters.drawdownPercent = percent
            condition = "more than \(percent)% below its peak"
        }
        // The scheme must exist: an alert on a code the API does not know would never fire.
        let history = try await FundsServices(context: context).history(code: code.value)
        return try AlertDefinition(kind: "fund", parameters: parameters, summary: "\(history.value.name): \(condition)")
    }

    static func check(_ parameters: FundAlertParameters, context: FeatureContext) async throws -> AlertReading {
        let fetched = try await FundsServices(context: context).history(code: parameters.code)
        guard !fetched.isStale else {
            return .noNews("the NAV history of scheme \(parameters.code) is stale (as of \(fetched.asOf))")
        }
        let history = fetched.value
        guard let latest = history.points.last else { return .noNews("scheme \(parameters.code) has no NAV yet") }
        return try conditions(parameters, history: history)
            .checkingAgain(after: nextNAVDay(after: latest.date, now: context.timing.now()))
    }

    /// The condition of `parameters` on a history with at least one NAV.
    static func conditions(_ parameters: FundAlertParameters, history: NAVHistory) throws -> AlertReading {
        let points = history.points
        guard let latest = points.last else { return .holding([]) }
        let nav = "NAV \(FundsFormat.nav(latest.nav)) on \(latest.date.iso8601)"
        let link = "/funds/\(parameters.code)"
        func signal(_ key: String, _ title: String) -> AlertReading {
            .holding([AlertSignal(key: key, title: "\(history.name): \(title)", body: "\(nav).", link: link)])
        }
        if let level = AlertLevel(above: parameters.above, below: parameters.below) {
            return level.holds(for: latest.nav)
                ? signal(level.direction.rawValue, "NAV at or \(level.direction.rawValue) \(FundsFormat.nav(level.level))")
                : .holding([])
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when a day's move exceeds this percentage.", valueName: "percent"))
    var move: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fire when the fall from the peak exceeds this percentage.", valueName: "percent"))
    var drawdown: String?

    func definition(in context: FeatureContext) async throws -> AlertDefinition {
        var fields = level.fields
        fields["code"] = "\(code.value)"
        fields["move"] = move
        fields["drawdown"] = drawdown
        return try await FundsAlerts.definition(AlertInput(fields), context: context)
    }
}

extension FundAlertParameters {
    init(code: Int) { self.init(code: code, above: nil, below: nil, movePercent: nil, drawdownPercent: nil) }
}
