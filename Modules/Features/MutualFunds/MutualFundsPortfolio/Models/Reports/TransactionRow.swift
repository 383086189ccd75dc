import Money
import MutualFunds
import Timing

/// One stored transaction as `funds portfolio transactions` lists it.
public struct TransactionRow: Codable, Sendable, Hashable {
    /// The id `remove` takes.
    public var id: String
    /// The folio number.
    public var folio: String
    /// The scheme's name.
    public var scheme: String
    /// Its ISIN.
    @NullEncodable public var isin: String?
    /// Its AMFI code, when known.
    @NullEncodable public var code: Int?
    /// `YYYY-MM-DD`.
    public var date: String
    /// casparser's type (`PURCHASE_SIP`, `REDEMPTION`, …).
    public var type: String
    /// The statement's description.
    public var description: String
    /// Rupees.
    @NullEncodable public var amount: Amount?
    /// Units.
    @NullEncodable public var units: Amount?
    /// NAV.
    @NullEncodable public var nav: Amount?
    /// Running unit balance.
    @NullEncodable public var balance: Amount?
    /// False for a scheme imported although it did not reconcile.
    public var reconciled: Bool

    /// The CSV columns, in order.
    public static let columns = [
        "id", "folio", "scheme", "isin", "code", "date", "type", "description", "amount", "units", "nav", "balance",
        "reconciled",
    ]

    /// The row for `transaction` of `scheme`.
    public init(scheme: HeldScheme, transaction: PortfolioTransaction) {
        id = transaction.id
        folio = scheme.folio
        self.scheme = scheme.name
        isin = scheme.isin
        code = scheme.amfi
        date = transaction.date.iso8601
        type = transaction.kind.rawValue
        description = transaction.description
        amount = transaction.amount
        units = transaction.units
        nav = transaction.nav
        balance = transaction.balance
        reconciled = scheme.reconciled
    }
}
