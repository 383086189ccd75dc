import Money
import MutualFunds
import Timing

/// The units held and what they cost, first in first out: purchases add a lot at their amount, units leaving
/// take the oldest lots' cost with them (pro rata within a lot, to the paisa); stamp duty is part of a lot's cost.
/// "Invested" is what the lots left cost.
struct CostLots {
    struct Lot {
        var units: Amount
        var cost: Amount
    }

    private(set) var lots: [Lot] = []
    /// Units that left without lots to take them from (a statement opening with units it has no purchases for).
    private(set) var uncovered = Amount.zero

    /// The cost of the units held.
    var invested: Amount { lots.reduce(Amount.zero) { (try? $0 + $1.cost) ?? $0 } }

    /// Units held before the first transaction: a lot whose cost the statement does not give (counted as 0, and
    /// the holding says so).
    mutating func open(units: Amount) {
        lots.append(Lot(units: units, cost: .zero))
    }

    /// Applies one transaction's units; stamp duty joins the cost of the lot bought before it (as the gains add
    /// it to the lot's cost: one definition of what a holding cost).
    /// - Parameter carried: the cost a merger's switch in carries over (``Mergers/carriedCosts(_:)``), in place
    ///   of its amount.
    mutating func apply(_ transaction: PortfolioTransaction, carried: Amount? = nil) throws {
        if transaction.kind == .stampDuty, let amount = transaction.amount, !lots.isEmpty {
            lots[lots.count - 1].cost = try lots[lots.count - 1].cost + amount.magnitude
            return
        }
        guard let units = transaction.units, !units.isZero else { return }
        if units.isPositive {
            let cost: Amount
            if transaction.kind == .segregation {
                cost = .zero
            } else if let carried {
                cost = carried
            } else if let amount = transaction.amount {
                cost = amount.magnitude
            } else if let nav = transaction.nav {
                cost = try units.multiplied(by: nav, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
            } else {
                cost = .zero
            }
            lots.append(Lot(units: units, cost: cost))
            return
        }
        if transaction.kind == .reversal {
            try cancel(units.magnitude)
            return
        }
        var pending = units.magnitude
        while pending.isPositive, !lots.isEmpty {
            if lots[0].units <= pending {
                pending = try pending - lots[0].units
                lots.removeFirst()
            } else {
                let share = try (lots[0].cost * pending).divided(by: lots[0].units, places: 2, rounding: .halfEven)
                lots[0].units = try lots[0].units - pending
                lots[0].cost = try lots[0].cost - share
                pending = .zero
            }
        }
        uncovered = try uncovered + pending
    }

    /// A reversal cancels the purchase it reverses: the newest lot of exactly those units, else units from the
    /// newest lots back (at their cost).
    private mutating func cancel(_ units: Amount) throws {
        if let exact = lots.indices.last(where: { lots[$0].units == units }) {
            lots.remove(at: exact)
            return
        }
        var pending = units
        while pending.isPositive, let last = lots.indices.last {
            if lots[last].units <= pending {
                pending = try pending - lots[last].units
                lots.removeLast()
            } else {
                let share = try (lots[last].cost * pending).divided(
                    by: lots[last].units, places: 2, rounding: .halfEven)
                lots[last].units = try lots[last].units - pending
                lots[last].cost = try lots[last].cost - share
                pending = .zero
            }
        }
        uncovered = try uncovered + pending
    }
}
