import Foundation
import Money
import Timing

/// What one corporate action did to a holding: a split changed its shares, a dividend paid cash on them.
public struct HoldingAction: Codable, Sendable, Equatable {
    /// The kind of action.
    public enum Kind: String, Codable, Sendable {
        /// Shares were split (or merged, below a ratio of one).
        case split
        /// A cash dividend was paid.
        case dividend
    }

    /// The kind of action.
    public var kind: Kind
    /// The split's date or the dividend's ex-date.
    public var date: CalendarDate
    /// Shares held just before, in that day's shares.
    public var sharesBefore: Amount
    /// Shares held just after (the same for a dividend).
    public var sharesAfter: Amount
    /// A split's ratio (4 for 4:1); nil for a dividend.
    public var ratio: Amount?
    /// A dividend's amount per share of its day; nil for a split.
    public var perShare: Amount?
    /// The dividend's cash, `sharesBefore × perShare`, exact (the ledger rounds it); zero for a split.
    public var cash: Amount

    /// Creates an action.
    public init(
        kind: Kind, date: CalendarDate, sharesBefore: Amount, sharesAfter: Amount, ratio: Amount?, perShare: Amount?,
        cash: Amount
    ) {
        self.kind = kind
        self.date = date
        self.sharesBefore = sharesBefore
        self.sharesAfter = sharesAfter
        self.ratio = ratio
        self.perShare = perShare
        self.cash = cash
    }
}

extension PriceHistory {
    /// The price actually paid on `date` (the last trading day on or before it): the recorded close, which is
    /// adjusted for every later split, times the ratios of those splits. Right only when the history's splits
    /// reach today, as a fetch up to today's gives them.
    public func pricePaid(on date: CalendarDate) -> (day: CalendarDate, price: Amount)? {
        guard let bar = bar(onOrBefore: date),
            let price = try? bar.close.multiplied(by: splitFactor(after: bar.date), rounding: .halfEven)
        else { return nil }
        return (bar.date, price)
    }

    /// A dividend's amount per share of its own day: the recorded amount (adjusted for later splits) times the
    /// ratios of the splits after its ex-date.
    public func amountPaid(_ dividend: Dividend) -> Amount {
        (try? dividend.amountPerShare.multiplied(by: splitFactor(after: dividend.exDate), rounding: .halfEven))
            ?? dividend.amountPerShare
    }

    /// What happened to `shares` bought on `date`, in date order: each split after the purchase day multiplies
    /// them, each dividend whose ex-date is after the purchase day pays `shares held × amount per share of that
    /// day`. A split and an ex-date on one day: the split first (that day's dividend is in split shares).
    public func actions(forShares shares: Amount, boughtOn date: CalendarDate) -> [HoldingAction] {
        enum Event {
            case split(Split)
            case dividend(Dividend)
        }
        let events =
            splits.filter { $0.date > date }.map { (date: $0.date, order: 0, event: Event.split($0)) }
            + dividends.filter { $0.exDate > date }.map { (date: $0.exDate, order: 1, event: Event.dividend($0)) }
        var held = shares
        var actions: [HoldingAction] = []
        for item in events.sorted(by: { ($0.date, $0.order) < ($1.date, $1.order) }) {
            switch item.event {
            case .split(let split):
                let after = (try? held.multiplied(by: split.ratio, rounding: .halfEven)) ?? held
                actions.append(
                    HoldingAction(
                        kind: .split, date: split.date, sharesBefore: held, sharesAfter: after, ratio: split.ratio,
                        perShare: nil, cash: .zero))
                held = after
            case .dividend(let dividend):
                let perShare = amountPaid(dividend)
                let cash = (try? held.multiplied(by: perShare, rounding: .halfEven)) ?? .zero
                actions.append(
                    HoldingAction(
                        kind: .dividend, date: dividend.exDate, sharesBefore: held, sharesAfter: held, ratio: nil,
                        perShare: perShare, cash: cash))
            }
        }
        return actions
    }
}
