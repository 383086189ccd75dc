import AlertRules
import Failures
import FeatureKit
import Timing

/// When each kind is checked next: at its rate from the feature's settings, or when its readings asked
/// (a race about to come within the window: in a few seconds; a fund whose NAV of the day is in: the next day).
/// Times are offsets from the schedule's start; a kind not checked yet is due.
public struct AlertSchedule: Sendable, Equatable {
    /// Each kind's rate.
    public let rates: [String: Duration]
    /// When each kind checked so far is due again.
    public private(set) var nextDue: [String: Duration] = [:]

    /// Creates a schedule over `rates`, every kind due.
    public init(rates: [String: Duration]) {
        self.rates = rates
    }

    /// The kinds due at `now`.
    public func due(at now: Duration) -> Set<String> {
        Set(rates.keys.filter { name in nextDue[name].map { $0 <= now } ?? true })
    }

    /// Records a check of `kinds` at `now`: each is due again at the soonest its alerts' sources can have news
    /// (the kind's rate for an alert whose reading did not say), never sooner than a second.
    public mutating func checked(_ kinds: Set<String>, at now: Duration, report: AlertCheckReport?) {
        for name in kinds {
            let rate = rates[name] ?? .seconds(60)
            let delays = (report?.nextChecks[name] ?? []).map { $0 ?? rate }
            nextDue[name] = now + max(delays.min() ?? rate, .seconds(1))
        }
    }

    /// Checks at once, then on `ticker` as kinds fall due (and alerts `newAlerts` was told of at the next tick),
    /// until the ticker's subscription ends, the task is cancelled or `report` answers false; each check's
    /// outcome goes to `report`, and its firings to `fired` as soon as they are stored (before delivery).
    public static func run(
        engine: AlertEngine, ticker: Ticker, newAlerts: NewAlerts? = nil, fired: ([Firing]) -> Void = { _ in },
        report: (Result<AlertCheckReport, FolioError>) -> Bool
    ) async {
        await run(engine: engine, ticker: ticker, newAlerts: newAlerts, handled: { _ in }, fired: fired, report: report)
    }

    /// ``run(engine:ticker:report:)``, telling `handled` the number of each tick dealt with (0 for the first
    /// check), so a test on a manual clock moves it on only once the schedule has caught up.
    static func run(
        engine: AlertEngine, ticker: Ticker, newAlerts: NewAlerts? = nil, handled: (Int) -> Void,
        fired: ([Firing]) -> Void = { _ in }, report: (Result<AlertCheckReport, FolioError>) -> Bool
    ) async {
        var schedule = AlertSchedule(rates: engine.rates())
        // A shared ticker counts from its own start: offsets here count from the first check, made at once
        // (at most one interval before the first tick).
        var origin: Duration?
        func check(at now: Duration) async -> Bool {
            let due = schedule.due(at: now)
            let added = await newAlerts?.take() ?? false
            guard !due.isEmpty || added, !Task.isCancelled else { return true }
            do {
                // An alert never checked is one just added (or one whose source has had no news yet).
                let outcome = try await engine.check(
                    due: { alert, kind in due.contains(kind.name) || (added && alert.lastCheckedAt == nil) },
                    fired: fired)
                schedule.checked(due, at: now, report: outcome)
                return report(.success(outcome))
            } catch {
                schedule.checked(due, at: now, report: nil)
                return report(.failure(FolioError.from(error)))
            }
        }
        let ticks = await ticker.subscribe()
        let interval = await ticker.interval
        guard await check(at: .zero) else { return }
        handled(0)
        for await tick in ticks {
            let start = origin ?? (tick.scheduled - interval)
            origin = start
            guard await check(at: tick.scheduled - start) else { return }
            handled(tick.sequence)
        }
    }
}
