import AlertRules
import Failures
import Money
import Timing

/// The `networth` alert kind's rules: net worth (saved toggles, today) reaching a target, upward or downward.
/// The terminal's `folio alerts add networth` and the `/alerts` form both read input through ``define(_:)``; the
/// host's engine calls ``check(_:)``.
public struct NetWorthAlertRule: Sendable {
    /// What is stored: one target, crossed upward (`above`) or downward (`below`).
    public struct Parameters: Codable, Sendable, Equatable {
        /// The level to reach from below.
        public var above: Amount?
        /// The level to reach from above.
        public var below: Amount?
    }

    /// The kind's name, after `folio alerts add`.
    public static let kind = "networth"
    /// How the kind is titled on a form.
    public static let title = "Net worth"
    /// It changes when the person edits the accounts or a linked value moves; no setting says how often.
    public static let rate: Duration = .seconds(60)
    /// The inputs, as options and form fields.
    public static let fields = [
        AlertField("above", label: "Net worth at or above", placeholder: "250000"),
        AlertField("below", label: "Net worth at or below", placeholder: "100000"),
    ]

    private let summaries: SummaryService

    /// Creates the rule over the feature's data.
    public init(_ dependencies: NetWorthDependencies) {
        summaries = SummaryService(dependencies)
    }

    /// Reads a net worth alert: exactly one target, any sign (a net worth can be negative).
    /// - Throws: ``FolioError`` naming the field at fault.
    public func define(_ input: AlertInput) async throws -> AlertDefinition {
        _ = try input.exactlyOne(of: ["above", "below"], "a net worth at or above a target or one at or below")
        // The same bound as a balance: totals of thousands of accounts still fit the exact type.
        guard let level = try AlertLevel.read(input, maximum: Amount(1_000_000_000_000_000), allowsNegative: true)
        else {
            throw FolioError(.internal, "a net worth alert without a target")
        }
        let summary = try await summaries.summary()
        return try AlertDefinition(
            kind: Self.kind, parameters: Parameters(above: level.above, below: level.below),
            summary:
                "net worth at or \(level.direction.rawValue) \(MoneyText.money(level.level, currency: summary.currency))"
        )
    }

    /// Whether net worth is at or past the target now.
    public func check(_ parameters: Parameters) async throws -> AlertReading {
        let summary = try await summaries.summary()
        let worth = MoneyText.money(summary.netWorth, currency: summary.currency)
        guard let level = AlertLevel(above: parameters.above, below: parameters.below),
            level.holds(for: summary.netWorth)
        else { return .holding([]) }
        let target = MoneyText.money(level.level, currency: summary.currency)
        return .holding([
            AlertSignal(
                key: level.direction.rawValue,
                title: level.direction == .above ? "Net worth reached \(target)" : "Net worth fell to \(target)",
                body: "Net worth \(worth) on \(summary.asOf.iso8601).", link: "/networth")
        ])
    }
}
