import AlertRules
import Alerting
import Failures
import FeatureKit
import Foundation
import Money
import Timing

/// `folio overview`, `/` and `/api/overview`: the household's position now, assembled from what the host resolves
/// (the books a feature keeps, every value source, the alerts, what is coming up). It knows no feature: the inputs
/// are the host's extension points, each read once.
public struct OverviewService: Sendable {
    /// What the service reads; the host builds each from the registry.
    public struct Inputs: Sendable {
        /// The household's books (net worth); nil when no feature keeps them.
        public var household: @Sendable () async throws -> HouseholdPosition?
        /// Every source the household has, with its reading.
        public var sources: @Sendable () async -> [KnownSource]
        /// What is coming up, soonest first.
        public var agenda: @Sendable () async -> [AgendaItem]
        /// The host's alerts.
        public var alerts: @Sendable () async throws -> [StoredAlert]

        /// Collects the inputs.
        public init(
            household: @escaping @Sendable () async throws -> HouseholdPosition?,
            sources: @escaping @Sendable () async -> [KnownSource],
            agenda: @escaping @Sendable () async -> [AgendaItem] = { [] },
            alerts: @escaping @Sendable () async throws -> [StoredAlert] = { [] }
        ) {
            self.household = household
            self.sources = sources
            self.agenda = agenda
            self.alerts = alerts
        }
    }

    /// How many movers and agenda items the overview shows.
    public static let listLength = 5

    private let inputs: Inputs
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let patience: (limit: Duration, clock: any Clock<Duration>)?

    /// Creates the service; `now` is the wall clock, `timeZone` where "today" is read. With `patience`, a part that
    /// gives no answer within its limit (a service retrying) is left out with a warning, so a page never waits out
    /// the retries; without it every part is waited for (the terminal).
    public init(
        inputs: Inputs, now: @escaping @Sendable () -> Date, timeZone: TimeZone = .current,
        patience: (limit: Duration, clock: any Clock<Duration>)? = nil
    ) {
        self.inputs = inputs
        self.now = now
        self.timeZone = timeZone
        self.patience = patience
    }

    /// What each part answered, nil for one that gave no answer within the patience.
    private struct Parts: Sendable {
        var household: Result<HouseholdPosition?, any Error>?
        var sources: [KnownSource]?
        var agenda: [AgendaItem]?
    }

    private enum Arrival: Sendable {
        case household(Result<HouseholdPosition?, any Error>)
        case sources([KnownSource])
        case agenda([AgendaItem])
        case deadline
    }

    /// The household, the sources and the agenda, read at once, under one deadline for the three: a timer per part
    /// stays with the clock until it is due, and a server reading the overview on every view had thousands pending.
    private func parts() async -> Parts {
        let (inputs, patience) = (inputs, patience)
        return await withTaskGroup(of: Arrival.self) { group in
            group.addTask { .household(await attempt { try await inputs.household() }) }
            group.addTask { .sources(await inputs.sources()) }
            group.addTask { .agenda(await inputs.agenda()) }
            if let patience {
                group.addTask {
                    try? await patience.clock.sleep(for: patience.limit, tolerance: nil)
                    return .deadline
                }
            }
            var parts = Parts()
            var waiting = 3
            while waiting > 0, let arrival = await group.next() {
                switch arrival {
                case .household(let result): parts.household = result
                case .sources(let sources): parts.sources = sources
                case .agenda(let agenda): parts.agenda = agenda
                case .deadline: waiting = 1
                }
                waiting -= 1
            }
            // The deadline's timer, or a late part's work, is not waited for.
            group.cancelAll()
            return parts
        }
    }

    /// The overview with the trend over `range`. The parts are read concurrently; one that fails is left out with a
    /// warning, so a service down never hides the rest.
    /// - Throws: ``FolioError`` only for a figure too large to compute.
    public func overview(range: OverviewRange = .oneYear) async throws -> OverviewReport {
        let date = now()
        let inputs = inputs
        async let alertsRead = attempt { try await inputs.alerts() }
        let parts = await parts()
        let (household, sourcesGiven, agendaGiven, alerts) = (
            parts.household, parts.sources, parts.agenda, await alertsRead
        )
        var warnings: [String] = []
        let late = patience.map { "gave no answer within \(Self.seconds($0.limit))" } ?? ""
        let position: HouseholdPosition?
        switch household {
        case .success(let value)?: position = value
        case .failure(let error)?:
            position = nil
            warnings.append("net worth cannot be read: \(FolioError.from(error).line)")
        case nil:
            position = nil
            warnings.append("net worth \(late)")
        }
        if sourcesGiven == nil { warnings.append("the holdings \(late)") }
        let sources = sourcesGiven ?? []
        let agenda = agendaGiven ?? []
        do {
            var report = try Self.assemble(
                position: position, sources: sources, range: range, now: date, today: CalendarDate(date, in: timeZone))
            report.warnings = warnings + report.warnings
            report.agenda = agenda.filter { $0.startsAt >= date }.sorted { $0.startsAt < $1.startsAt }
                .prefix(Self.listLength).map {
                    OverviewReport.AgendaEntry(
                        feature: $0.featureID, title: $0.title, detail: $0.detail, startsAt: $0.startsAt, link: $0.link)
                }
            switch alerts {
            case .success(let stored): report.alerts = Self.fired(stored, since: date.addingTimeInterval(-86_400))
            case .failure(let error): report.warnings.append("alerts cannot be read: \(FolioError.from(error).line)")
            }
            return report
        } catch {
            throw FolioError(.invalid, "the overview cannot be computed", why: "a figure is too large to compute")
        }
    }

    /// The figures from the books and the sources alone: net worth, changes, trend, allocation, movers, suggestions.
    static func assemble(
        position: HouseholdPosition?, sources: [KnownSource], range: OverviewRange, now: Date, today: CalendarDate
    ) throws(MoneyError) -> OverviewReport {
        let base = position?.currency ?? sources.compactMap(\.value).first?.currency ?? "GBP"
        var allocation = HouseholdAllocation(base: base, rates: position?.rates ?? [:])
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let followed = Set(position?.accounts.compactMap(\.follows) ?? [])
        for account in position?.accounts ?? [] where account.counted {
            guard let value = account.value else { continue }
            allocation.add(account: account, value: value, source: account.follows.flatMap { byName[$0]?.value })
        }
        var suggestions: [OverviewReport.Suggestion] = []
        for source in sources where !followed.contains(source.name) {
            guard let value = source.value else { continue }
            allocation.add(unlinked: source, value: value)
            suggestions.append(
                OverviewReport.Suggestion(
                    source: source.name, summary: source.summary, value: value.amount, currency: value.currency,
                    asOf: value.asOf, accountName: Self.accountName(for: source.name)))
        }
        let trend = OverviewTrend(history: position?.history ?? [], today: today, net: position?.net)
        return OverviewReport(
            currency: base, generatedAt: now,
            netWorth: position.map {
                OverviewReport.NetWorthNow(assets: $0.assets, debts: $0.debts, net: $0.net, asOf: $0.asOf)
            },
            changes: position == nil ? [] : try trend.changes(),
            trend: OverviewReport.Trend(range: range, points: try trend.points(from: range.start(before: today))),
            allocation: try allocation.allocation(), movers: Self.movers(sources, allocation: allocation), alerts: [],
            agenda: [], suggestions: suggestions, linkAction: position?.linkAction,
            warnings: (position?.warnings ?? []) + allocation.warnings)
    }

    /// The holdings with the largest moves today (by their size in the base currency), at most ``listLength``.
    static func movers(_ sources: [KnownSource], allocation: HouseholdAllocation) -> [OverviewReport.Mover] {
        let moved = sources.flatMap { source in
            (source.value?.holdings ?? []).compactMap { holding -> (OverviewReport.Mover, Amount)? in
                guard let change = holding.dayChange, !change.isZero else { return nil }
                let before = try? holding.value - change
                let fraction = before.flatMap { $0.isZero ? nil : try? change.divided(by: $0, places: 4) }
                let size = (allocation.inBase(change, holding.currency) ?? change).magnitude
                return (
                    OverviewReport.Mover(
                        name: holding.name, source: source.name, currency: holding.currency, value: holding.value,
                        dayChange: change, fraction: fraction), size
                )
            }
        }
        return moved.sorted { $0.1 > $1.1 }.prefix(listLength).map(\.0)
    }

    /// The alerts that fired since `start`, newest first.
    static func fired(_ alerts: [StoredAlert], since start: Date) -> [OverviewReport.FiredAlert] {
        alerts.compactMap { alert in
            guard let fired = alert.lastFiredAt, fired >= start else { return nil }
            return OverviewReport.FiredAlert(
                id: alert.id, kind: alert.definition.kind, condition: alert.definition.summary, firedAt: fired)
        }
        .sorted { ($0.firedAt, $0.id) > ($1.firedAt, $1.id) }
    }

    /// `3 s`, `1.5 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds) s" : "\(seconds).\(tenths) s"
    }

    /// A name for an account following `source`: `Stocks test@stockport.com`, `Funds portfolio`, `ETF Core`.
    static func accountName(for source: String) -> String {
        let parts = source.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return source }
        // A short id reads as an acronym (`ETF`), a longer one as a word (`Stocks`).
        let feature =
            parts[0].count <= 3 ? parts[0].uppercased() : parts[0].prefix(1).uppercased() + parts[0].dropFirst()
        let rest = parts[1].split(separator: "/", maxSplits: 1)
        return "\(feature) \(rest.count == 2 ? rest[1] : rest[0])"
    }
}

/// The outcome of `body`, kept rather than thrown, so one part failing leaves the others.
private func attempt<Value: Sendable>(_ body: @Sendable () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
