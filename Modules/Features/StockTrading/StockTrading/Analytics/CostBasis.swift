import Foundation
import Money

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
    /// The average-cost basis of `sold` of `held` shares costing `cost` in total: `cost × sold / held`
    /// rounded half up to the cent, the whole cost when selling out.
    public static func averageCostRemoved(cost: Amount, held: Int, sold: Int) throws -> Amount {
        guard held > 0 else { return .zero }
        if sold >= held { return cost }
        return try (cost * sold).divided(by: held, places: 2, rounding: .halfUp)
    }

    /// What replaying the history under a method gives.
    public struct Replay: Sendable, Equatable {
        /// Remaining shares and their cost per symbol.
        public var positions: [String: Position]
        /// Realized P/L of each sell, by sequence number.
        public var realizedBySequence: [Int: Amount]
        /// Cost of the shares sold by each sell, by sequence number.
        public var costBySequence: [Int: Amount]
        /// Total realized P/L.
        public var realizedPL: Amount
    }

    /// Replays the trades of `entries` (in sequence order) under `method`.
    public static func replay(_ entries: [LedgerEntry], method: CostBasisMethod) throws -> Replay {
        var lots: [String: [(quantity: Int, cost: Amount)]] = [:]
        var positions: [String: Position] = [:]
        var realized: [Int: Amount] = [:]
        var costs: [Int: Amount] = [:]
        var realizedTotal = Amount.zero
        for entry in entries.sorted(by: { $0.sequence < $1.sequence }) {
            guard let symbol = entry.symbol, let quantity = entry.quantity, entry.kind.isTrade || entry.kind == .split
            else { continue }
            var position = positions[symbol] ?? Position(symbol: symbol, quantity: 0, cost: .zero)
            if entry.kind == .split {
                let removed = entry.costOfSharesSold ?? .zero
                position.quantity += quantity
                position.cost = try position.cost - removed
                try split(
                    &lots[symbol, default: []], ratio: entry.ratio ?? 1, total: position.quantity, removed: removed)
                if let gain = entry.realizedPL {
                    realized[entry.sequence] = gain
                    realizedTotal = try realizedTotal + gain
                    costs[entry.sequence] = removed
                }
            } else if entry.kind == .buy {
                position.quantity += quantity
                position.cost = try position.cost + entry.amount
                lots[symbol, default: []].append((quantity, entry.amount))
            } else {
                let sold = min(quantity, position.quantity)
                let cost: Amount
                switch method {
                case .average:
                    cost = try averageCostRemoved(cost: position.cost, held: position.quantity, sold: sold)
                case .fifo:
                    cost = try takeOldest(sold, from: &lots[symbol, default: []])
                }
                position.quantity -= sold
                position.cost = try position.cost - cost
                if position.quantity == 0 { position.cost = .zero }
                let gain = try entry.amount - cost
                realized[entry.sequence] = gain
                realizedTotal = try realizedTotal + gain
                costs[entry.sequence] = cost
            }
            positions[symbol] = position.quantity == 0 ? nil : position
            if position.quantity == 0 { lots[symbol] = nil }
        }
        if method == .fifo {
            for (symbol, symbolLots) in lots where positions[symbol] != nil {
                positions[symbol]?.cost = try symbolLots.map(\.cost).sum()
            }
        }
        return Replay(
            positions: positions, realizedBySequence: realized, costBySequence: costs, realizedPL: realizedTotal)
    }

    /// Multiplies each lot's shares by a split's `ratio` (whole shares), the newest lot taking what rounding left
    /// over so the lots add up to the position's `total`; a cash-in-lieu cost `removed` comes off the newest lot.
    private static func split(
        _ lots: inout [(quantity: Int, cost: Amount)], ratio: Amount, total: Int, removed: Amount
    )
        throws
    {
        guard !lots.isEmpty else { return }
        for index in lots.indices {
            lots[index].quantity = wholeShares(try lots[index].quantity * ratio)
        }
        lots[lots.count - 1].quantity += total - lots.map(\.quantity).reduce(0, +)
        lots[lots.count - 1].cost = try lots[lots.count - 1].cost - removed
    }

    /// The whole shares in `shares` (rounded down).
    static func wholeShares(_ shares: Amount) -> Int {
        // Amount keeps 12 decimal places in its units.
        Int(shares.rounded(toPlaces: 0, .down).units / 1_000_000_000_000)
    }

    /// Removes `quantity` shares from the front of `lots`; a lot split in two keeps its cost pro rata.
    private static func takeOldest(
        _ quantity: Int, from lots: inout [(quantity: Int, cost: Amount)]
    )
        throws -> Amount
    {
        var remaining = quantity
        var cost = Amount.zero
        while remaining > 0, !lots.isEmpty {
            let lot = lots[0]
            if lot.quantity <= remaining {
                cost = try cost + lot.cost
                remaining -= lot.quantity
                lots.removeFirst()
            } else {
                let part = try (lot.cost * remaining).divided(by: lot.quantity, places: 2, rounding: .halfUp)
                cost = try cost + part
                lots[0] = (lot.quantity - remaining, try lot.cost - part)
                remaining = 0
            }
        }
        return cost
    }
}
