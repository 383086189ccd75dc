import AlertRules
import Caching
import Failures
import Foundation
import Money
import Timing

/// The `fund` alert kind's rules: a NAV crossing a level, a day's move beyond X %, or a fall from the history's
/// peak beyond X %. The terminal's `folio alerts add fund` and the `/alerts` form both read input through
/// ``define(_:mode:)``; the host's engine calls ``check(_:mode:)``.
public struct FundAlertRule: Sendable {
    /// What is stored: the scheme and exactly one condition.
    public struct Parameters: Codable, Sendable, Equatable {
        /// The scheme's MF API code.
        public var code: Int
        /// A NAV level to reach from below.
        public var above: Amount?
        /// A NAV level to reach from above.
        public var below: Amount?
        /// A day's move, in percent, either way.
        public var movePercent: Amount?
        /// The fall from the highest NAV of the history, in percent.
        public var drawdownPercent: Amount?

        /// Parameters with only the scheme.
        public init(code: Int) { self.code = code }
    }

    /// The kind's name, after `folio alerts add`.
    public static let kind = "fund"
    /// The inputs, as options and form fields.
    public static let fields = [
        AlertField("code", label: "Scheme code", hint: "See funds search.", placeholder: "122639", required: true),
        AlertField("above", label: "NAV at or above", placeholder: "90"),
        AlertField("below", label: "NAV at or below", placeholder: "85"),
        AlertField("move", label: "A day's move beyond (%)", placeholder: "3%"),
        AlertField("drawdown", label: "Below its peak by more than (%)", placeholder: "10%"),
    ]
    /// NAVs are published once a day for a calendar date in India.
    static let india = TimeZone(identifier: "Asia/Kolkata") ?? TimeZone(secondsFromGMT: 19_800)!

    private let funds: FundsService

    /// Creates the rule over the fund data.
    public init(funds: FundsService) {
        self.funds = funds
    }

    /// Until the day's NAV is in, as often as a history stays fresh (`funds.historyTTL`): a check sooner would read
    /// the same cached history. Once it is in, the check asks for the next weekday (``nextNAVDay(after:now:)``).
    public static func rate(_ settings: FundsSettings) -> Duration { settings.historyTTL }

    /// Reads a fund alert: the scheme (which must exist) and exactly one condition.
    /// - Throws: ``FolioError`` naming the field at fault.
    public func define(_ input: AlertInput, mode: FetchMode) async throws -> AlertDefinition {
        let text = try input.required("code", "the scheme code", example: "122639")
        guard let code = SchemeCodeText.parse(text) else {
            throw FolioError(
                .invalid, "\"\(text)\" is not a scheme code", why: "a scheme code is a whole number such as 122639",
                hint: "funds search finds a scheme's code", field: "code")
        }
        _ = try input.exactlyOne(
            of: ["above", "below", "move", "drawdown"],
            "a NAV at or above a level, a NAV at or below one, a day's move beyond a percentage or a fall from the peak"
        )
        var parameters = Parameters(code: code)
        let condition: String
        if let level = try AlertLevel.read(input, maximum: Amount(10_000_000)) {
            parameters.above = level.above
            parameters.below = level.below
            condition = "NAV at or \(level.direction.rawValue) \(Self.nav(level.level))"
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
        let history = try await funds.history(code: code, mode: mode)
        return try AlertDefinition(
            kind: Self.kind, parameters: parameters, summary: "\(history.value.name): \(condition)")
    }

    /// The conditions that hold on the scheme's history now, and when its next NAV can be in.
    public func check(_ parameters: Parameters, mode: FetchMode) async throws -> AlertReading {
        let fetched = try await funds.history(code: parameters.code, mode: mode)
        guard !fetched.isStale else {
            return .noNews("the NAV history of scheme \(parameters.code) is stale (as of \(fetched.asOf))")
        }
        let history = fetched.value
        guard let latest = history.points.last else { return .noNews("scheme \(parameters.code) has no NAV yet") }
        return try Self.conditions(parameters, history: history)
            .checkingAgain(after: Self.nextNAVDay(after: latest.date, now: funds.timing.now()))
    }

    /// When every NAV published so far can be in — the latest is today's in India or, on a Saturday or Sunday
    /// there (no NAV is published for those days), the Friday's — the time to the start of the next weekday
    /// there; nil otherwise, so a NAV still to come is looked for at the rate. Holidays are not known here.
    public static func nextNAVDay(after latest: CalendarDate, now: Date) -> Duration? {
        let today = CalendarDate(now, in: india)
        var lastNAVDay = today
        while isWeekend(lastNAVDay) { lastNAVDay = lastNAVDay.adding(days: -1) }
        guard latest >= lastNAVDay else { return nil }
        var next = today.adding(days: 1)
        while isWeekend(next) { next = next.adding(days: 1) }
        return .seconds(max(1, Int(next.startOfDay(in: india).timeIntervalSince(now).rounded(.up))))
    }

    private static func isWeekend(_ date: CalendarDate) -> Bool { date.weekday >= 6 }

    /// The condition of `parameters` on a history with at least one NAV.
    public static func conditions(_ parameters: Parameters, history: NAVHistory) throws -> AlertReading {
        let points = history.points
        guard let latest = points.last else { return .holding([]) }
        let nav = "NAV \(Self.nav(latest.nav)) on \(latest.date.iso8601)"
        let link = "/funds/\(parameters.code)"
        func signal(_ key: String, _ title: String) -> AlertReading {
            .holding([AlertSignal(key: key, title: "\(history.name): \(title)", body: "\(nav).", link: link)])
        }
        if let level = AlertLevel(above: parameters.above, below: parameters.below) {
            return level.holds(for: latest.nav)
                ? signal(level.direction.rawValue, "NAV at or \(level.direction.rawValue) \(Self.nav(level.level))")
                : .holding([])
        }
        if let limit = parameters.movePercent {
            guard points.count >= 2 else { return .holding([]) }
            let previous = points[points.count - 2].nav
            // |latest − previous| × 100 > limit × previous, exactly: no ratio through Double.
            let moved = try (latest.nav - previous).magnitude * 100 > limit * previous
            let change = try (latest.nav - previous).divided(by: previous, places: 6)
            return moved
                ? signal("move/\(latest.date.iso8601)", "moved \(MoneyText.percent(change)) in a day") : .holding([])
        }
        if let limit = parameters.drawdownPercent {
            let peak = points.map(\.nav).max() ?? latest.nav
            let fall = try peak - latest.nav
            let deep = try fall * 100 > limit * peak
            let drawdown = try fall.divided(by: peak, places: 6)
            return deep
                ? signal(
                    "drawdown", "\(MoneyText.percent(drawdown, signed: false)) below its peak of \(Self.nav(peak))")
                : .holding([])
        }
        return .holding([])
    }

    /// A NAV as every face writes it: `₹90.5289`.
    static func nav(_ value: Amount) -> String { Rupees.format(value, places: 4) }
}
