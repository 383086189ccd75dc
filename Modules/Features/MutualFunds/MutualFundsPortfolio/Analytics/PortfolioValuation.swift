import Foundation
import Money
import MutualFunds
import Timing

/// Values a portfolio from the schemes' NAV histories (pure: the service fetches them).
public enum PortfolioValuation {
    /// What valuing one scheme needs: its code and history (or why there is none).
    public struct Priced: Sendable {
        /// The MF API code, when matched.
        public var code: Int?
        /// The history, or why it could not be had.
        public var history: Result<Fetched<NAVHistory>, FolioErrorText>
        /// Where the NAV comes from: `mfapi` (the scheme's history) or `amfi` (AMFI's daily file).
        public var source = "mfapi"
        /// Something to say about the NAV (an AMFI NAV older than its file).
        public var note: String?
        /// The plan and option from AMFI's own columns, when its file has them.
        public var plan: Plan?
        /// See ``plan``.
        public var option: PayoutOption?

        /// Creates one.
        public init(code: Int?, history: Result<Fetched<NAVHistory>, FolioErrorText>) {
            self.code = code
            self.history = history
        }
    }

    /// Values every scheme from its position on `asOf` at the NAV on or before it (the latest NAV and position when
    /// nil): units, invested at cost, value, gain, XIRR, and how current each NAV is (its age to `today`, or to
    /// `asOf`, against the newest NAV known: the histories' and `newest`, AMFI's file's date); then the totals and
    /// the allocation by category, fund house and plan.
    public static func report(
        positions: [Position], priced: [SchemeKey: Priced], asOf: CalendarDate?, today: CalendarDate,
        newest: CalendarDate? = nil
    ) throws -> PortfolioReport {
        let reference = asOf ?? today
        var newest = newest
        for entry in priced.values {
            guard case .success(let fetched) = entry.history else { continue }
            let date = asOf.map { fetched.value.point(onOrBefore: $0)?.date } ?? fetched.value.latest?.date
            if let date, newest.map({ date > $0 }) ?? true { newest = date }
        }
        var rows: [HoldingRow] = []
        // The portfolio's flows summed by day: the same rate (a flow's discount depends only on its day), over a
        // few hundred days rather than every scheme's every flow (SIPs share their days).
        var allFlows: [Date: Amount] = [:]
        var totals = (invested: Amount.zero, value: Amount.zero, valuedInvested: Amount.zero)
        for scheme in positions {
            let units = scheme.units
            var notes: [String] = []
            if scheme.opensWithUnits { notes.append("opens with units whose cost the statement does not give") }
            if !scheme.reconciled { notes.append("unreconciled: \(scheme.mismatch ?? "imported with mismatches")") }
            let entry = priced[scheme.key]
            var row = HoldingRow(
                folio: scheme.folio, scheme: scheme.name, isin: scheme.isin, code: entry?.code, units: units,
                invested: scheme.invested, treatAs: scheme.treatAs, stale: false, reconciled: scheme.reconciled)
            var flows = scheme.flows
            switch entry?.history {
            case .success(let fetched):
                let history = fetched.value
                row.source = entry?.source
                let profile = SchemeClassifier.profile(meta: history.meta, name: history.name)
                row.category = profile.assetClass?.rawValue
                row.fundHouse = profile.fundHouse ?? history.meta.fundHouse
                // The statement's name says the plan where the source's does not (AMFI's short names).
                row.plan = (entry?.plan ?? profile.plan ?? SchemeClassifier.plan(name: scheme.name))?.rawValue
                row.option = (entry?.option ?? profile.option ?? SchemeClassifier.option(name: scheme.name))?.rawValue
                row.stale = fetched.freshness.stale
                if let point = asOf.map({ history.point(onOrBefore: $0) }) ?? history.latest {
                    let value = try units.multiplied(by: point.nav, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
                    row.nav = point.nav
                    row.navDate = point.date.iso8601
                    let age = max(0, point.date.days(to: reference))
                    let status = NAVStatus.of(age: age, behind: newest.map { point.date.days(to: $0) } ?? 0)
                    row.navAgeDays = age
                    row.navStatus = status
                    row.stale = row.stale || status != .fresh
                    // The status's sentence says an inactive scheme's age; the file's date beside it says no more.
                    if let note = entry?.note, status != .inactive { notes.append(note) }
                    row.value = value
                    row.gain = try value - scheme.invested
                    if !value.isZero { flows.append(CashFlow(date: CashFlows.instant(point.date), amount: value)) }
                    row.xirr = try? XIRR.rate(flows)
                    totals.value = try totals.value + value
                    totals.valuedInvested = try totals.valuedInvested + scheme.invested
                    for flow in flows { allFlows[flow.date] = try (allFlows[flow.date] ?? .zero) + flow.amount }
                } else {
                    notes.append("no NAV on or before \(asOf?.iso8601 ?? "today")")
                }
            case .failure(let reason): notes.append(reason.text)
            case nil: notes.append("not matched to an MF API scheme (no AMFI code, and its ISIN is not in the list)")
            }
            // A scheme sold out is worth nothing whatever its NAV, so an old NAV makes no figure stale.
            if units.isZero { row.stale = false }
            // A holding not valued still says its plan and option where the statement's name does.
            row.plan = row.plan ?? SchemeClassifier.plan(name: scheme.name)?.rawValue
            row.option = row.option ?? SchemeClassifier.option(name: scheme.name)?.rawValue
            totals.invested = try totals.invested + scheme.invested
            row.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
            rows.append(row)
        }
        let allocation = PortfolioReport.Allocation(
            category: allocate(rows, by: \.category), fundHouse: allocate(rows, by: \.fundHouse),
            plan: allocate(rows, by: \.plan))
        return PortfolioReport(
            asOf: asOf?.iso8601, holdings: rows, invested: totals.invested, value: totals.value,
            gain: try totals.value - totals.valuedInvested,
            xirr: try? XIRR.rate(allFlows.sorted { $0.key < $1.key }.map { CashFlow(date: $0.key, amount: $0.value) }),
            allocation: allocation,
            stale: rows.contains(where: \.stale), warnings: [])
    }

    /// The valued holdings grouped by a field, largest first.
    static func allocate(_ rows: [HoldingRow], by field: KeyPath<HoldingRow, String?>) -> [AllocationRow] {
        var groups: [String: Amount] = [:]
        var total = Amount.zero
        for row in rows {
            guard let value = row.value, value.isPositive else { continue }
            let name = row[keyPath: field] ?? "unknown"
            groups[name] = (try? (groups[name] ?? .zero) + value) ?? groups[name]
            total = (try? total + value) ?? total
        }
        return groups.map { name, value in
            AllocationRow(name: name, value: value, fraction: value.ratio(to: total) ?? 0)
        }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.name < $1.name }
    }
}

/// A failure's words, carried where a value type must stay `Sendable` and `Hashable`.
public struct FolioErrorText: Error, Sendable, Hashable {
    /// The words.
    public var text: String

    /// Creates one.
    public init(_ text: String) { self.text = text }
}
