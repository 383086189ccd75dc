import Caching
import Foundation
import Money
import MutualFunds
import Timing

extension PortfolioService {
    /// The stored portfolio's current value in INR, for another part of the program to follow: nil when there are
    /// no holdings. As of the latest NAV date used; stale, with why, when a NAV is a last known one or a holding
    /// could not be valued.
    /// - Throws: ``FolioError`` for damaged stored data or when nothing can be valued at all.
    public func portfolioValue(mode: FetchMode = .normal) async throws -> SourcedValue? {
        let positions = try await self.positions(asOf: nil)
        var amfi: Fetched<AMFIFileInfo>?
        if !positions.isEmpty { amfi = try? await funds.amfiNAVs(mode: mode) }
        let priced = try await pricedSchemes(positions, mode: mode, amfi: amfi)
        // Valued as `valuePortfolio` values it, from the same priced schemes, which also give each day's move.
        let today = Freshness.todayInIndia(timing.now())
        let report = try await mapped {
            try PortfolioValuation.report(
                positions: positions, priced: priced, asOf: nil, today: today, newest: amfi?.value.date)
        }
        guard !report.holdings.isEmpty else { return nil }
        let unvalued = report.holdings.filter { $0.value == nil }.count
        var reasons: [String] = []
        if report.stale { reasons.append("some NAVs are the last known ones") }
        if unvalued > 0 { reasons.append("\(unvalued) holding\(unvalued == 1 ? "" : "s") could not be valued") }
        let latest = report.holdings.compactMap { $0.navDate.flatMap { CalendarDate(iso8601: $0) } }.max()
        let india = TimeZone(identifier: "Asia/Kolkata") ?? .gmt
        // What the value is made of: each valued scheme by its category (equity, debt, hybrid; others as other).
        let holdings = report.holdings.compactMap { row -> SourcedHolding? in
            guard let value = row.value else { return nil }
            let assetClass =
                row.category.flatMap { HoldingClass(rawValue: $0.lowercased()) }.flatMap {
                    [HoldingClass.equity, .debt, .hybrid].contains($0) ? $0 : nil
                } ?? .other
            return SourcedHolding(
                name: row.scheme, assetClass: assetClass, currency: "INR", value: value,
                dayChange: Self.dayChange(row, priced: priced))
        }
        return SourcedValue(
            amount: report.value, currency: "INR", asOf: latest?.startOfDay(in: india) ?? timing.now(),
            staleBecause: reasons.isEmpty ? nil : reasons.joined(separator: "; "), holdings: holdings)
    }

    /// The day's move of a valued scheme: units × (its NAV − the NAV published before it), to the paisa; nil when
    /// the history has no NAV in the week before (a gap that long is no day's move).
    static func dayChange(_ row: HoldingRow, priced: [SchemeKey: PortfolioValuation.Priced]) -> Amount? {
        guard let nav = row.nav, let day = row.navDate.flatMap({ CalendarDate(iso8601: $0) }),
            let entry = priced[SchemeKey(folio: row.folio, scheme: row.isin ?? row.scheme)],
            case .success(let history) = entry.history,
            let previous = history.value.point(onOrBefore: day.adding(days: -1)), previous.date >= day.adding(days: -7)
        else { return nil }
        return (try? (nav - previous.nav) * row.units)?.roundedToMinorUnit(of: "INR")
    }
}
