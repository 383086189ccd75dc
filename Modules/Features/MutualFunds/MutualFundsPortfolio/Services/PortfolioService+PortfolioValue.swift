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
        let report = try await valuePortfolio(mode: mode)
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
            let assetClass = row.category.flatMap { Money.HoldingClass(rawValue: $0.lowercased()) }.flatMap {
                [Money.HoldingClass.equity, Money.HoldingClass.debt, Money.HoldingClass.hybrid].contains($0) ? $0 : nil
            } ?? .other
            return SourcedHolding(name: row.scheme, assetClass: assetClass, currency: "INR", value: value)
        }
        return SourcedValue(
            amount: report.value, currency: "INR", asOf: latest?.startOfDay(in: india) ?? timing.now(),
            staleBecause: reasons.isEmpty ? nil : reasons.joined(separator: "; "), holdings: holdings)
    }
}
