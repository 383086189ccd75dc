/// The fields of a portfolio row, in the order the app's form asks for them.
public enum PortfolioField: String, Sendable, CaseIterable, Hashable {
    case name
    case expenseRatio
    case yield
    case shares
    case purchasePrice
    case purchaseDate
    case currentPrice
    case analysisDate
    case assetClass

    /// The CSV header name (`expense_ratio`).
    public var csvName: String {
        switch self {
        case .name: "name"
        case .expenseRatio: "expense_ratio"
        case .yield: "yield"
        case .shares: "shares"
        case .purchasePrice: "purchase_price"
        case .purchaseDate: "purchase_date"
        case .currentPrice: "current_price"
        case .analysisDate: "analysis_date"
        case .assetClass: "asset_class"
        }
    }

    /// The JSON key (`expenseRatio`).
    public var jsonName: String { rawValue }

    /// Whether the field holds a number (the rest are text and dates).
    public var isNumeric: Bool {
        switch self {
        case .expenseRatio, .yield, .shares, .purchasePrice, .currentPrice: true
        case .name, .purchaseDate, .analysisDate, .assetClass: false
        }
    }

    /// Words for prompts and messages (`expense ratio`).
    public var label: String {
        switch self {
        case .name: "name"
        case .expenseRatio: "expense ratio"
        case .yield: "yield"
        case .shares: "shares"
        case .purchasePrice: "purchase price"
        case .purchaseDate: "purchase date"
        case .currentPrice: "current price"
        case .analysisDate: "analysis date"
        case .assetClass: "asset class"
        }
    }

    /// The field's position in ``allCases``, for tables indexed by field.
    public var ordinal: Int {
        switch self {
        case .name: 0
        case .expenseRatio: 1
        case .yield: 2
        case .shares: 3
        case .purchasePrice: 4
        case .purchaseDate: 5
        case .currentPrice: 6
        case .analysisDate: 7
        case .assetClass: 8
        }
    }

    /// Whether a file must have this column (the analysis date and the asset class may be left out).
    public var isRequired: Bool { self != .analysisDate && self != .assetClass }

    /// The field a CSV header names, matched loosely so `Expense Ratio`, `expense-ratio` and
    /// `expenseRatio` all work; nil for a column folio does not know.
    public init?(header: some StringProtocol) {
        // Every row of a JSON portfolio names its fields again, so the exact spellings are looked up before the
        // Unicode-aware normalisation, which costs more than the rest of reading a row.
        if let field = Self.exactSpellings[String(header)] ?? Self.normalizedNames[Self.normalized(header)] {
            self = field
        } else {
            return nil
        }
    }

    private static let exactSpellings: [String: PortfolioField] = Dictionary(
        allCases.flatMap { [($0.csvName, $0), ($0.jsonName, $0)] }, uniquingKeysWith: { first, _ in first })

    private static let normalizedNames: [String: PortfolioField] = Dictionary(
        allCases.map { (normalized($0.csvName), $0) }, uniquingKeysWith: { first, _ in first })

    private static func normalized(_ text: some StringProtocol) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
