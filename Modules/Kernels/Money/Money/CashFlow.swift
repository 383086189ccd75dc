import Foundation

/// A dated flow of money from the investor's side: negative when money goes in (a purchase, a deposit),
/// positive when it comes out (a sale, a withdrawal, the final value).
public struct CashFlow: Sendable, Hashable {
    /// The day of the flow.
    public var date: Date
    /// The flow's amount: negative out, positive in.
    public var amount: Amount

    /// Creates a flow of `amount` on `date`.
    public init(date: Date, amount: Amount) {
        self.date = date
        self.amount = amount
    }
}
