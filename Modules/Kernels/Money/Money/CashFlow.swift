import Foundation

/// A dated flow of money from the investor's side: negative when money goes in (a purchase, a deposit),
/// positive when it comes out (a sale, a withdrawal, the final value).
public struct CashFlow: Sendable, Hashable {
    public var date: Date
    public var amount: Amount

    public init(date: Date, amount: Amount) {
        self.date = date
        self.amount = amount
    }
}
