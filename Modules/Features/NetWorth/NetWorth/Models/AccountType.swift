import Foundation

/// What kind of account a balance belongs to, spelled as on the command line.
///
/// Debts (credit cards, loans, mortgages) are entered as the positive amount owed and subtracted from
/// net worth once; every other type is an asset.
public enum AccountType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A current (checking) account.
    case current
    /// A savings account.
    case savings
    /// An individual savings account (cash or stocks and shares).
    case isa
    /// A general investment account.
    case investment
    /// A pension; left out of net worth when pensions are excluded.
    case pension
    /// Property such as a home.
    case property
    /// A cryptocurrency wallet.
    case crypto
    /// A foreign currency account.
    case foreignCurrency = "foreign-currency"
    /// Cash in hand.
    case cash
    /// Any other asset.
    case other
    /// A credit card balance owed.
    case creditCard = "credit-card"
    /// A loan balance owed.
    case loan
    /// A mortgage balance owed; left out of net worth when mortgages are excluded.
    case mortgage

    /// Whether the balance is money owed (subtracted from net worth).
    public var isDebt: Bool {
        switch self {
        case .creditCard, .loan, .mortgage: true
        default: false
        }
    }

    /// A label for people: `Credit card`, `ISA`.
    public var label: String {
        switch self {
        case .current: "Current account"
        case .savings: "Savings"
        case .isa: "ISA"
        case .investment: "Investment"
        case .pension: "Pension"
        case .property: "Property"
        case .crypto: "Crypto"
        case .foreignCurrency: "Foreign currency"
        case .cash: "Cash"
        case .other: "Other"
        case .creditCard: "Credit card"
        case .loan: "Loan"
        case .mortgage: "Mortgage"
        }
    }

    /// Parses the command-line spelling, forgiving case, spaces and underscores (`Credit Card`, `credit_card`).
    public init?(spelling text: String) {
        let normalized = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        guard let type = AccountType(rawValue: normalized) else { return nil }
        self = type
    }

    /// Every spelling, for help and error messages.
    public static var spellings: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
