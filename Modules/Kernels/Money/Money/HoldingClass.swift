/// What kind of thing a holding is, for a household's allocation: the classes people read a portfolio by, with
/// what is owed apart so that it never offsets an asset class.
public enum HoldingClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// Money in accounts and in hand.
    case cash
    /// Shares, equity funds and equity ETFs.
    case equity
    /// Bonds and debt funds.
    case debt
    /// Funds holding both shares and bonds.
    case hybrid
    /// Homes and land.
    case property
    /// Pension pots.
    case pension
    /// Cryptocurrencies.
    case crypto
    /// Anything else held.
    case other
    /// Money owed: credit cards, loans, mortgages.
    case liability

    /// A label for people: `Equity`, `Debt and bonds`.
    public var label: String {
        switch self {
        case .cash: "Cash"
        case .equity: "Equity"
        case .debt: "Debt and bonds"
        case .hybrid: "Hybrid"
        case .property: "Property"
        case .pension: "Pension"
        case .crypto: "Crypto"
        case .other: "Other"
        case .liability: "Liabilities"
        }
    }
}
