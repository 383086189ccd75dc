import Money
import Timing

/// One ETF position as the user enters it: the app's form row.
///
/// Expense ratio and yield are percentages as printed on a fact sheet (`0.07` means 0.07 %), not fractions,
/// because that is how people copy them; the calculator divides by 100.
public struct ETFHolding: Sendable, Hashable, Codable {
    /// The ETF's name or ticker.
    public var name: String
    /// The annual expense ratio in percent (`0.03` = 0.03 %).
    public var expenseRatio: Amount
    /// The annual distribution yield in percent (`1.3` = 1.3 %).
    public var yield: Amount
    /// The number of shares held (fractions allowed).
    public var shares: Amount
    /// The price paid per share.
    public var purchasePrice: Amount
    /// The day the shares were bought.
    public var purchaseDate: CalendarDate
    /// The price per share on the analysis date.
    public var currentPrice: Amount
    /// The day the position is valued; nil means the run's default (`--as-of`, else today).
    public var analysisDate: CalendarDate?
    /// What the ETF holds, for a household's allocation; nil means equity, what most ETFs hold.
    public var assetClass: HoldingClass?
    /// The ticker the market knows it by (`VTI`), for `analyze --live`; nil when the file gave none.
    public var symbol: String?

    /// Creates a holding.
    public init(
        name: String, expenseRatio: Amount, yield: Amount, shares: Amount, purchasePrice: Amount,
        purchaseDate: CalendarDate, currentPrice: Amount, analysisDate: CalendarDate? = nil,
        assetClass: HoldingClass? = nil, symbol: String? = nil
    ) {
        self.name = name
        self.expenseRatio = expenseRatio
        self.yield = yield
        self.shares = shares
        self.purchasePrice = purchasePrice
        self.purchaseDate = purchaseDate
        self.currentPrice = currentPrice
        self.analysisDate = analysisDate
        self.assetClass = assetClass
        self.symbol = symbol
    }

    /// What the ETF holds: its own class, else equity.
    public var holdingClass: HoldingClass { assetClass ?? .equity }

    /// The analysis date this holding uses when the run's default is `defaultDate`.
    public func analysisDate(default defaultDate: CalendarDate) -> CalendarDate {
        analysisDate ?? defaultDate
    }
}

extension ETFHolding {
    /// `field` as a CSV file writes it (an empty field for an absent analysis date or asset class).
    public func csvText(_ field: PortfolioField) -> String {
        switch field {
        case .name: name
        case .expenseRatio: "\(expenseRatio)"
        case .yield: "\(yield)"
        case .shares: "\(shares)"
        case .purchasePrice: "\(purchasePrice)"
        case .purchaseDate: purchaseDate.iso8601
        case .currentPrice: "\(currentPrice)"
        case .analysisDate: analysisDate?.iso8601 ?? ""
        case .assetClass: assetClass?.rawValue ?? ""
        }
    }
}
