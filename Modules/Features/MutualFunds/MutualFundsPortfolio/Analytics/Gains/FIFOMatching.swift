import Money
import MutualFunds
import Timing

/// One sale (or part of one) matched to one purchase lot, figures rounded as casparser 1.4.1 rounds them.
public struct MatchedLot: Sendable, Hashable {
    /// The purchase date.
    public var purchaseDate: CalendarDate
    /// The purchase NAV.
    public var purchaseNAV: Amount
    /// Units matched.
    public var units: Amount
    /// Units × purchase NAV, to the paisa.
    public var purchaseValue: Amount
    /// The purchase's stamp duty, pro rata, to the paisa.
    public var stampDuty: Amount
    /// The sale date.
    public var saleDate: CalendarDate
    /// The sale NAV.
    public var saleNAV: Amount
    /// Units × sale NAV, to the paisa.
    public var saleValue: Amount
    /// The sale's STT, pro rata, to the paisa.
    public var stt: Amount
}

/// Why a scheme has no gains.
public struct GainsRefusal: Error, Sendable, Hashable {
    /// The reason in words.
    public var reason: String
}

/// First-in-first-out matching of a scheme's sales against its purchases, step for step as casparser 1.4.1's
/// `FIFOUnits`: transactions with an amount, sorted by date then amount (largest first, stable); each day's
/// purchases (purchase, SIP, switch in, reinvested dividend, reversal) and sales (redemption, switch out)
/// merged, at the NAV of the day's last such transaction in that order, with the day's stamp duty and STT; a
/// segregation adds units at NAV 0. Each day buys first, then sells; a sale takes the oldest lots until less
/// than 0.01 unit is left. Where casparser drops a day whose purchases net negative (a reversal dated after the
/// purchase it reverses), folio cancels that purchase (``cancel(_:in:from:)``).
public enum FIFOMatching {
    struct Lot {
        var date: CalendarDate
        var units: Amount
        var nav: Amount
        var stampDuty: Amount
    }

    struct Day {
        var nav = Amount.zero
        var purchaseUnits = Amount.zero
        var saleUnits = Amount.zero
        var stampDuty = Amount.zero
        var stt = Amount.zero
    }

    /// The matched lots of `scheme`, in sale order.
    /// - Throws: ``GainsRefusal`` when the scheme opens with units it has no purchases for, or a sale needs
    ///   more units than were bought.
    public static func match(_ scheme: HeldScheme) throws(GainsRefusal) -> [MatchedLot] {
        guard scheme.openingUnits < Amount(1, places: 2) else {
            throw GainsRefusal(
                reason: "the statement opens with \(scheme.openingUnits.plainText) units it has no purchases for, so "
                    + "their cost and date are unknown")
        }
        do {
            return try run(days(scheme.transactions), scheme: scheme).matched
        } catch let refusal as GainsRefusal {
            throw refusal
        } catch {
            throw GainsRefusal(reason: "the figures are out of range (\(error))")
        }
    }

    static func days(_ transactions: [PortfolioTransaction]) throws -> [(CalendarDate, Day)] {
        let ordered = transactions.enumerated().filter { $0.element.amount != nil }.sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.date != b.date { return a.date < b.date }
            if a.amount! != b.amount! { return a.amount! > b.amount! }
            return left.offset < right.offset
        }.map(\.element)
        var result: [(CalendarDate, Day)] = []
        for transaction in ordered {
            if result.last?.0 != transaction.date { result.append((transaction.date, Day())) }
            var day = result[result.count - 1].1
            let amount = transaction.amount!
            if transaction.kind.isPurchase, let units = transaction.units {
                day.nav = transaction.nav ?? .zero
                day.purchaseUnits = try day.purchaseUnits + units
            } else if transaction.kind.isSale, let units = transaction.units {
                day.nav = transaction.nav ?? .zero
                day.saleUnits = try day.saleUnits + units
            } else if transaction.kind == .stt {
                day.stt = try day.stt + amount
            } else if transaction.kind == .stampDuty {
                day.stampDuty = try day.stampDuty + amount
            } else if transaction.kind == .segregation, let units = transaction.units {
                day.nav = .zero
                day.purchaseUnits = try day.purchaseUnits + units
            }
            result[result.count - 1].1 = day
        }
        return result
    }

    static func run(_ days: [(CalendarDate, Day)], scheme: HeldScheme) throws -> (matched: [MatchedLot], left: [Lot]) {
        var queue: [Lot] = []
        var head = 0
        var matched: [MatchedLot] = []
        let threshold = Amount(1, places: 2)
        for (date, day) in days {
            if day.purchaseUnits.isPositive {
                queue.append(Lot(date: date, units: day.purchaseUnits, nav: day.nav, stampDuty: day.stampDuty))
            } else if day.purchaseUnits.isNegative {
                try cancel(day.purchaseUnits.magnitude, in: &queue, from: head)
            }
            guard day.saleUnits.isNegative else { continue }
            let original = day.saleUnits.magnitude
            var pending = original
            while pending >= threshold {
                guard head < queue.count else {
                    throw GainsRefusal(
                        reason: "the sale of \(original.plainText) units on \(date.iso8601) needs more units than were "
                            + "bought before it")
                }
                let lot = queue[head]
                head += 1
                let units = min(lot.units, pending)
                let stampDuty = try (lot.stampDuty * units).divided(by: lot.units, places: 2, rounding: .halfEven)
                matched.append(
                    MatchedLot(
                        purchaseDate: lot.date, purchaseNAV: lot.nav, units: units,
                        purchaseValue: try paisa(units, lot.nav), stampDuty: stampDuty, saleDate: date,
                        saleNAV: day.nav, saleValue: try paisa(units, day.nav),
                        stt: try (day.stt * units).divided(by: original, places: 2, rounding: .halfEven)))
                pending = try pending - lot.units
                if pending.isNegative {
                    // The rest of the lot goes back to the front with the stamp duty not yet allotted.
                    head -= 1
                    queue[head] = Lot(
                        date: lot.date, units: -pending, nav: lot.nav, stampDuty: try lot.stampDuty - stampDuty)
                }
            }
        }
        return (matched, Array(queue[head...]))
    }

    /// A reversal on a later day than the purchase it reverses (casparser ignores it, keeping units the folio no
    /// longer holds): the lot of exactly those units, the newest such, else units from the newest lots back.
    static func cancel(_ units: Amount, in queue: inout [Lot], from head: Int) throws {
        if let exact = queue.indices.last(where: { $0 >= head && queue[$0].units == units }) {
            queue.remove(at: exact)
            return
        }
        var pending = units
        while pending.isPositive, queue.count > head {
            let last = queue.count - 1
            if queue[last].units <= pending {
                pending = try pending - queue[last].units
                queue.removeLast()
            } else {
                let left = try queue[last].units - pending
                let stampDuty = try (queue[last].stampDuty * left).divided(
                    by: queue[last].units, places: 2, rounding: .halfEven)
                queue[last].units = left
                queue[last].stampDuty = stampDuty
                pending = .zero
            }
        }
    }

    /// `units × nav` rounded half to even to the paisa, as Python's `round(Decimal, 2)`.
    static func paisa(_ units: Amount, _ nav: Amount) throws -> Amount {
        try units.multiplied(by: nav, rounding: .halfEven).rounded(toPlaces: 2, .halfEven)
    }
}
