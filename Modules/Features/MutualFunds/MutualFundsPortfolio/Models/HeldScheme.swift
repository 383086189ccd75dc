import Money
import MutualFunds
import Timing

/// Which scheme of which folio a transaction belongs to: the folio number and the scheme's ISIN (its name when
/// the statement has no ISIN).
public struct SchemeKey: Sendable, Hashable, Codable, Comparable {
    /// The folio number as printed (`15936342 / 43`).
    public var folio: String
    /// The ISIN, else the scheme's name.
    public var scheme: String

    /// Creates a key.
    public init(folio: String, scheme: String) {
        self.folio = folio
        self.scheme = scheme
    }

    /// Folio, then scheme.
    public static func < (lhs: SchemeKey, rhs: SchemeKey) -> Bool {
        (lhs.folio, lhs.scheme) < (rhs.folio, rhs.scheme)
    }
}

/// One scheme held in one folio, with its transactions in the statement's order.
public struct HeldScheme: Sendable, Hashable, Codable {
    /// The folio number.
    public var folio: String
    /// The fund house as the statement names it.
    public var amc: String
    /// The scheme's name as the statement prints it.
    public var name: String
    /// The scheme's ISIN, when the statement gives one.
    public var isin: String?
    /// AMFI's scheme code (the MF API's), when the statement gives one or a manual entry named it.
    public var amfi: Int?
    /// The statement's own classification (`EQUITY`, `DEBT`), when it gives one.
    public var statementType: String?
    /// Units held before the statement's first transaction.
    public var openingUnits: Amount
    /// Units the statement says are held at its end, when it says.
    public var closingUnits: Amount?
    /// False when the scheme was imported with `--allow-mismatch` although it did not reconcile.
    public var reconciled: Bool
    /// Why it did not reconcile, when it did not.
    public var mismatch: String?
    /// The transactions.
    public var transactions: [PortfolioTransaction]
    /// The tax treatment chosen for it (`portfolio treat-as`), where its category misleads; nil follows the rules.
    public var treatAs: TaxTreatment?

    /// Creates a held scheme.
    public init(
        folio: String, amc: String, name: String, isin: String?, amfi: Int?, statementType: String? = nil,
        openingUnits: Amount = .zero, closingUnits: Amount? = nil, reconciled: Bool = true, mismatch: String? = nil,
        transactions: [PortfolioTransaction] = []
    ) {
        self.folio = folio
        self.amc = amc
        self.name = name
        self.isin = isin
        self.amfi = amfi
        self.statementType = statementType
        self.openingUnits = openingUnits
        self.closingUnits = closingUnits
        self.reconciled = reconciled
        self.mismatch = mismatch
        self.transactions = transactions
    }

    /// The scheme's key.
    public var key: SchemeKey { SchemeKey(folio: folio, scheme: isin ?? name) }

    /// The units held after every transaction dated on or before `date` (all of them when nil).
    public func units(asOf date: CalendarDate? = nil) -> Amount {
        var total = openingUnits
        for transaction in transactions where date.map({ transaction.date <= $0 }) ?? true {
            if let units = transaction.units { total = (try? total + units) ?? total }
        }
        return total
    }

    /// The first day on which the units held would fall below zero were `transaction` added, with the units
    /// then held; nil when the folio holds enough on every day. A backdated sale must be covered on its own day
    /// and leave enough for every later sale, or first-in-first-out would match units sold before they were bought.
    /// A day already short without it (a statement's own same-day order) is not blamed on it.
    public func firstShortfall(adding transaction: PortfolioTransaction) -> (date: CalendarDate, units: Amount)? {
        var total = openingUnits
        var added = Amount.zero
        for each in Portfolio.ordered(transactions + [transaction]) {
            guard let units = each.units, let sum = try? total + units else { continue }
            total = sum
            if each.id == transaction.id { added = units }
            if total.isNegative, let before = try? total - added, !before.isNegative { return (each.date, total) }
        }
        return nil
    }

    /// `folio 15936342 / 43, ICICI Prudential Nifty Next 50 …` for messages.
    public var label: String { "folio \(folio), \(name)" }
}
