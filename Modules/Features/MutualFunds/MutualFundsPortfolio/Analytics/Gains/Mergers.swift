import Money
import MutualFunds
import Timing

/// Scheme mergers, which are not transfers (s. 47(xix)): the units a merger switches into the surviving scheme
/// keep the dates and cost of the lots they replace (s. 49(2AD), s. 2(42A) Explanation 1(hf)), where casparser
/// taxes the switch out as a sale and starts the switch in as a new purchase.
public enum Mergers {
    /// `portfolio` with each `SWITCH_OUT_MERGER` that has a `SWITCH_IN_MERGER` of the same date (the same folio
    /// first, else any) carried over: the switch out leaves the merged scheme without a sale, and the switch in
    /// becomes one purchase per lot the merged scheme held, on the lot's date, at its cost (units in the ratio
    /// of the merger, the NAV so that units × NAV is the lot's purchase value), with its stamp duty.
    public static func carried(_ portfolio: Portfolio) -> Portfolio {
        var schemes = portfolio.schemes
        for source in schemes.indices {
            for out in schemes[source].transactions where out.kind == .switchOutMerger {
                guard let found = match(out, from: source, in: schemes),
                    let replacement = try? purchases(
                        found.held, ratio: found.ratio, scheme: schemes[found.target], date: out.date)
                else { continue }
                schemes[source].transactions.removeAll { $0.id == out.id }
                schemes[found.target].transactions.remove(at: found.incoming)
                schemes[found.target].transactions = Portfolio.ordered(schemes[found.target].transactions + replacement)
            }
        }
        return Portfolio(schemes: schemes)
    }

    /// What each merger's switch in (by transaction id) cost: the cost of the lots it replaces (purchase values
    /// and stamp duty), so that a holding's "invested" carries the merged scheme's cost as the gains do.
    public static func carriedCosts(_ portfolio: Portfolio) -> [String: Amount] {
        var costs: [String: Amount] = [:]
        let schemes = portfolio.schemes
        for source in schemes.indices {
            for out in schemes[source].transactions where out.kind == .switchOutMerger {
                guard let found = match(out, from: source, in: schemes),
                    let cost = try? found.held.map({ try FIFOMatching.paisa($0.units, $0.nav) + $0.stampDuty }).sum()
                else { continue }
                costs[schemes[found.target].transactions[found.incoming].id] = cost
            }
        }
        return costs
    }

    /// The switch in matching `out` of `schemes[source]`: its scheme, its index there, the lots it replaces and
    /// the units' ratio; nil when there is none.
    static func match(
        _ out: PortfolioTransaction, from source: Int, in schemes: [HeldScheme]
    )
        -> (target: Int, incoming: Int, held: [FIFOMatching.Lot], ratio: (from: Amount, to: Amount))?
    {
        guard let outUnits = out.units?.magnitude, outUnits.isPositive,
            let target = target(of: out, from: source, in: schemes),
            let incoming = schemes[target].transactions.firstIndex(where: {
                $0.kind == .switchInMerger && $0.date == out.date
            }),
            let inUnits = schemes[target].transactions[incoming].units, inUnits.isPositive,
            let held = try? lots(of: schemes[source], before: out)
        else { return nil }
        return (target, incoming, held, (outUnits, inUnits))
    }

    /// The scheme holding the matching switch in: the same folio first.
    static func target(of out: PortfolioTransaction, from source: Int, in schemes: [HeldScheme]) -> Int? {
        let candidates = schemes.indices.filter { index in
            index != source
                && schemes[index].transactions.contains { $0.kind == .switchInMerger && $0.date == out.date }
        }
        return candidates.first { schemes[$0].folio == schemes[source].folio } ?? candidates.first
    }

    /// The lots `scheme` holds just before `out`.
    static func lots(of scheme: HeldScheme, before out: PortfolioTransaction) throws -> [FIFOMatching.Lot] {
        guard let position = scheme.transactions.firstIndex(where: { $0.id == out.id }) else { return [] }
        let earlier = Array(scheme.transactions[..<position])
        return try FIFOMatching.run(FIFOMatching.days(earlier), scheme: scheme).left
    }

    /// One purchase (and its stamp duty) per lot, the units scaled by `ratio` (to / from), the last lot taking
    /// what rounding leaves so the units add up to the switch in.
    static func purchases(
        _ lots: [FIFOMatching.Lot], ratio: (from: Amount, to: Amount), scheme: HeldScheme, date: CalendarDate
    ) throws -> [PortfolioTransaction] {
        var result: [PortfolioTransaction] = []
        var given = Amount.zero
        for (index, lot) in lots.enumerated() {
            let units =
                index == lots.count - 1
                ? try ratio.to - given
                : try (lot.units * ratio.to).divided(by: ratio.from, places: 4, rounding: .halfEven)
            guard units.isPositive else { continue }
            given = try given + units
            let value = try FIFOMatching.paisa(lot.units, lot.nav)
            let nav = try value.divided(by: units, places: 8, rounding: .halfEven)
            let key = scheme.key
            result.append(
                PortfolioTransaction(
                    scheme: key, date: lot.date, kind: .switchInMerger,
                    description: "Merger: lot of \(lot.date.iso8601) carried over (from \(date.iso8601))",
                    amount: value, units: units, nav: nav, balance: nil))
            if lot.stampDuty.isPositive {
                result.append(
                    PortfolioTransaction(
                        scheme: key, date: lot.date, kind: .stampDuty, description: "Stamp duty of the merged lot",
                        amount: lot.stampDuty, units: nil, nav: nil, balance: nil))
            }
        }
        return result
    }
}
