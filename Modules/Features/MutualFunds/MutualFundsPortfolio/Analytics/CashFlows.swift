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

    /// The scheme's flows up to `asOf` (every one when nil).
    static func flows(of scheme: HeldScheme, asOf: CalendarDate?) -> [CashFlow] {
        scheme.transactions.compactMap { transaction in
            guard asOf.map({ transaction.date <= $0 }) ?? true, let amount = flow(of: transaction) else { return nil }
            return CashFlow(date: instant(transaction.date), amount: amount)
        }
    }
}
