import Money
import MutualFunds
import Timing

/// The units held and what they cost, first in first out: purchases add a lot at their amount, units leaving
/// take the oldest lots' cost with them (pro rata within a lot, to the paisa). "Invested" is what the lots
/// left cost.
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

    /// Applies one transaction's units.
    mutating func apply(_ transaction: PortfolioTransaction) throws {
        guard let units = transaction.units, !units.isZero else { return }
        if units.isPositive {
            let cost: Amount
            if transaction.kind == .segregation {
                cost = .zero
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
}
