import FeatureKit
import Money

/// The allocation of everything a household holds, each value counted once: an account that follows a source is
/// broken down by the source's holdings (its value, already in the base currency, shared out by their weights),
/// a source no account follows is converted with the books' rates and counted outside net worth, and every other
/// account counts by its type.
struct HouseholdAllocation {
    /// One piece of a value, in the base currency.
    struct Piece {
        var assetClass: HoldingClass
        var currency: String
        var value: Amount
        var inNetWorth: Bool
    }

    let base: String
    let rates: [String: Amount]
    private(set) var pieces: [Piece] = []
    private(set) var warnings: [String] = []

    init(base: String, rates: [String: Amount]) {
        self.base = base
        self.rates = rates
    }

    /// `amount` of `currency` in the base currency, at its minor unit; nil without a rate.
    func inBase(_ amount: Amount, _ currency: String) -> Amount? {
        if currency == base { return amount }
        guard let rate = rates[currency], let value = try? amount * rate else { return nil }
        return value.roundedToMinorUnit(of: base)
    }

    /// Adds an account's value (base currency), broken down by what its source is made of when it says.
    mutating func add(account: HouseholdPosition.Account, value: Amount, source: SourcedValue?) {
        guard account.assetClass != .liability, let source, !source.holdings.isEmpty else {
            pieces.append(
                Piece(assetClass: account.assetClass, currency: account.currency, value: value, inNetWorth: true))
            return
        }
        let weights = source.holdings.map { inBase($0.value, $0.currency) ?? $0.value }
        pieces += share(value, by: weights).enumerated().map { index, part in
            let holding = source.holdings[index]
            return Piece(assetClass: holding.assetClass, currency: holding.currency, value: part, inNetWorth: true)
        }
    }

    /// Adds a source no account follows, outside net worth: its holdings, else its whole value as `other`.
    mutating func add(unlinked source: KnownSource, value: SourcedValue) {
        let holdings =
            value.holdings.isEmpty
            ? [SourcedHolding(name: source.name, assetClass: .other, currency: value.currency, value: value.amount)]
            : value.holdings
        for holding in holdings {
            guard let converted = inBase(holding.value, holding.currency) else {
                warnings.append(
                    "\(holding.name) of \(source.name) is left out of the allocation: no rate turns \(holding.currency) into \(base)"
                )
                continue
            }
            pieces.append(
                Piece(assetClass: holding.assetClass, currency: holding.currency, value: converted, inNetWorth: false))
        }
    }

    /// The slices by class and by currency; their sums are the total exactly (shares are rounded, values never).
    func allocation() throws(MoneyError) -> OverviewReport.Allocation {
        let assets = pieces.filter { $0.assetClass != .liability }
        let total = try assets.map(\.value).sum()
        let liabilities = try pieces.filter { $0.assetClass == .liability }.map(\.value).sum()
        let outside = try assets.filter { !$0.inNetWorth }.map(\.value).sum()
        func slices(_ key: (Piece) -> String, label: (String) -> String) throws(MoneyError) -> [OverviewReport.Slice] {
            var sums: [String: Amount] = [:]
            for piece in assets { sums[key(piece)] = try (sums[key(piece)] ?? .zero) + piece.value }
            return sums.map { key, value in
                OverviewReport.Slice(
                    key: key, label: label(key), value: value,
                    share: total.isZero ? .zero : (try? value.divided(by: total, places: 4)) ?? .zero)
            }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        }
        return OverviewReport.Allocation(
            total: total, liabilities: liabilities, outsideNetWorth: outside,
            byClass: try slices({ $0.assetClass.rawValue }, label: { HoldingClass(rawValue: $0)?.label ?? $0 }),
            byCurrency: try slices({ $0.currency }, label: { $0 }))
    }

    /// `value` shared out in proportion to `weights` at the base currency's minor unit, the rounding remainder on
    /// the largest part, so the parts add up to `value` exactly.
    func share(_ value: Amount, by weights: [Amount]) -> [Amount] {
        guard let whole = try? weights.sum(), !whole.isZero else {
            return weights.isEmpty ? [] : [value] + weights.dropFirst().map { _ in .zero }
        }
        var parts = weights.map { weight in
            ((try? value * weight).flatMap { try? $0.divided(by: whole) } ?? .zero).roundedToMinorUnit(of: base)
        }
        if let remainder = try? value - parts.sum(),
            let largest = weights.indices.max(by: { weights[$0] < weights[$1] }),
            let adjusted = try? parts[largest] + remainder
        {
            parts[largest] = adjusted
        }
        return parts
    }
}
