import Foundation
import Money
import MutualFunds
import Timing

/// The investor's own cash flows in a scheme, for XIRR: money paid in negative, money received positive.
enum CashFlows {
    /// The flow of one transaction, nil when no money moved between the investor and the fund. Units bought
    /// (purchases, SIPs, switches in) cost their amount; units sold return theirs (the statement writes both
    /// signed, so the flow is the amount negated); a payout is received; stamp duty, STT and TDS are paid. A
    /// reinvested dividend never reached the investor and a segregation cost nothing.
    static func flow(of transaction: PortfolioTransaction) -> Amount? {
        guard let amount = transaction.amount, !amount.isZero else { return nil }
        switch transaction.kind {
        case .dividendReinvest, .segregation, .misc, .unknown: return nil
        case .dividendPayout: return amount.magnitude
        case .stt, .stampDuty, .tds: return -amount.magnitude
        default: return transaction.units == nil ? nil : -amount
        }
    }

    /// A calendar date as the instant XIRR counts days from: midnight UTC.
    static func instant(_ date: CalendarDate) -> Date {
        date.startOfDay(in: utc)
    }

    /// The calendar date of an ``instant(_:)``.
    static func day(_ instant: Date) -> CalendarDate {
        CalendarDate(instant, in: utc)
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// The scheme's flows up to `asOf` (every one when nil). STT is paid once: on a day whose redemptions the
    /// statement prints net of it (their amounts and the STT add up exactly to units × NAV), the STT rows are
    /// already in those amounts and are not paid again.
    static func flows(of scheme: HeldScheme, asOf: CalendarDate?) -> [CashFlow] {
        let netDays = daysPrintedNetOfSTT(scheme.transactions)
        return scheme.transactions.compactMap { transaction in
            guard asOf.map({ transaction.date <= $0 }) ?? true, let amount = flow(of: transaction) else { return nil }
            if transaction.kind == .stt && netDays.contains(transaction.date) { return nil }
            return CashFlow(date: instant(transaction.date), amount: amount)
        }
    }

    /// The days whose sales' printed amounts plus the day's STT equal the sales' units × NAV to the paisa, the STT
    /// being more than nothing: amounts net of STT.
    static func daysPrintedNetOfSTT(_ transactions: [PortfolioTransaction]) -> Set<CalendarDate> {
        var days: [CalendarDate: (printed: Amount, gross: Amount, stt: Amount)] = [:]
        for transaction in transactions {
            guard let amount = transaction.amount else { continue }
            var day = days[transaction.date] ?? (.zero, .zero, .zero)
            if transaction.kind == .stt {
                day.stt = (try? day.stt + amount.magnitude) ?? day.stt
            } else if transaction.kind.isSale, let units = transaction.units, let nav = transaction.nav,
                let gross = try? units.magnitude.multiplied(by: nav, rounding: .halfEven).rounded(
                    toPlaces: 2, .halfEven)
            {
                day.printed = (try? day.printed + amount.magnitude) ?? day.printed
                day.gross = (try? day.gross + gross) ?? day.gross
            } else {
                continue
            }
            days[transaction.date] = day
        }
        return Set(
            days.compactMap { date, day in
                day.stt.isPositive && day.printed != day.gross && (try? day.printed + day.stt) == day.gross ? date : nil
            })
    }
}
