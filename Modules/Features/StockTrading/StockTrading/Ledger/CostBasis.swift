import Foundation
import Persistence

/// How the cost of shares sold is measured for realized P/L.
public enum CostBasisMethod: String, Sendable, Codable, CaseIterable {
    /// Each share sold costs the position's average cost: `cost × sold / held`, rounded to cents (the whole
    /// remaining cost when selling out). This is what the ledger stores.
    case average
    /// Shares sold are taken from the oldest purchases first, each at its own price.
    case fifo
}

/// Cost basis computations shared by the ledger (average) and the reports (either method).
public enum CostBasis {
    /// The average-cost basis of `sold` of `held` shares costing `cost` in total.
    public static func averageCostRemoved(cost: Decimal, held: Int, sold: Int) -> Decimal {
        guard held > 0 else { return 0 }
        if sold >= held { return cost }
        return exactCents(cost: cost, held: held, sold: sold) ?? Money.cents(cost * Decimal(sold) / Decimal(held))
    }

    /// `cost × sold / held` rounded half up to cents in integers, when the cost is whole cents and the product
    /// fits: `Decimal` division works to 38 digits and costs about 60,000 instructions, a tenth of a sell. The
    /// result is the same value in the same form as the `Decimal` path (trailing zeros dropped when the
    /// division is exact, two decimals when it was rounded), so stored records read the same. The 38-digit
    /// quotient cannot land on the other side of a half cent: the exact value is at least 1 / (200 × held)
    /// away from one.
    private static func exactCents(cost: Decimal, held: Int, sold: Int) -> Decimal? {
        guard sold >= 0, let (isNegative, significand, exponent) = DecimalStorage.parts(cost), !isNegative,
            (-2...2).contains(exponent)
        else { return nil }
        var cents = significand
        if exponent == -1 { cents *= 10 }
        if exponent >= 0 { cents *= exponent == 0 ? 100 : exponent == 1 ? 1_000 : 10_000 }
        guard cents < UInt128(UInt64.max) else { return nil }
        let (product, overflow) = UInt64(cents).multipliedReportingOverflow(by: UInt64(sold))
        guard !overflow else { return nil }
        var (quotient, remainder) = product.quotientAndRemainder(dividingBy: UInt64(held))
        var scale = -2
        if remainder == 0 {
            while scale < 0, quotient != 0, quotient % 10 == 0 {
                quotient /= 10
                scale += 1
            }
        } else if remainder >= UInt64(held) - remainder {
            quotient += 1
        }
        return Decimal(sign: .plus, exponent: quotient == 0 ? 0 : scale, significand: Decimal(quotient))
    }

    /// What replaying the history under a method gives.
    public struct Replay: Sendable, Equatable {
        /// Remaining shares and their cost per symbol.
        public var positions: [String: Position]
        /// Realized P/L of each sell, by sequence number.
        public var realizedBySequence: [Int: Decimal]
        /// Cost of the shares sold by each sell, by sequence number.
        public var costBySequence: [Int: Decimal]

        /// Total realized P/L.
        public var realizedPL: Decimal { realizedBySequence.values.reduce(0, +) }
    }

    /// Replays the trades of `entries` (in sequence order) under `method`.
    public static func replay(_ entries: [LedgerEntry], method: CostBasisMethod) -> Replay {
        var lots: [String: [(quantity: Int, cost: Decimal)]] = [:]
        var positions: [String: Position] = [:]
        var realized: [Int: Decimal] = [:]
        var costs: [Int: Decimal] = [:]
        for entry in entries.sorted(by: { $0.sequence < $1.sequence }) {
            guard let symbol = entry.symbol, let quantity = entry.quantity, entry.kind.isTrade else { continue }
            var position = positions[symbol] ?? Position(symbol: symbol, quantity: 0, cost: 0)
            if entry.kind == .buy {
                position.quantity += quantity
                position.cost += entry.amount
                lots[symbol, default: []].append((quantity, entry.amount))
            } else {
                let sold = min(quantity, position.quantity)
                let cost: Decimal
                switch method {
                case .average:
                    cost = averageCostRemoved(cost: position.cost, held: position.quantity, sold: sold)
                case .fifo:
                    cost = takeOldest(sold, from: &lots[symbol, default: []])
                }
                position.quantity -= sold
                position.cost -= cost
                if position.quantity == 0 { position.cost = 0 }
                realized[entry.sequence] = entry.amount - cost
                costs[entry.sequence] = cost
            }
            positions[symbol] = position.quantity == 0 ? nil : position
            if position.quantity == 0 { lots[symbol] = nil }
        }
        if method == .fifo {
            for (symbol, symbolLots) in lots where positions[symbol] != nil {
                positions[symbol]?.cost = symbolLots.reduce(0) { $0 + $1.cost }
            }
        }
        return Replay(positions: positions, realizedBySequence: realized, costBySequence: costs)
    }

    /// Removes `quantity` shares from the front of `lots`; a lot split in two keeps its cost pro rata.
    private static func takeOldest(_ quantity: Int, from lots: inout [(quantity: Int, cost: Decimal)]) -> Decimal {
        var remaining = quantity
        var cost: Decimal = 0
        while remaining > 0, !lots.isEmpty {
            let lot = lots[0]
            if lot.quantity <= remaining {
                cost += lot.cost
                remaining -= lot.quantity
                lots.removeFirst()
            } else {
                let part = Money.cents(lot.cost * Decimal(remaining) / Decimal(lot.quantity))
                cost += part
                lots[0] = (lot.quantity - remaining, lot.cost - part)
                remaining = 0
            }
        }
        return cost
    }
}
