/// Which accounts count towards net worth: the pension and mortgage toggles (the seed's portfolio
/// options), combined with each account's own include flag.
public struct Inclusion: Sendable, Hashable, Codable {
    /// Whether pensions count.
    public var includePensions: Bool
    /// Whether mortgages count.
    public var includeMortgages: Bool

    /// Creates the toggles; both on by default, as in the seed's portfolio summary.
    public init(includePensions: Bool = true, includeMortgages: Bool = true) {
        self.includePensions = includePensions
        self.includeMortgages = includeMortgages
    }

    /// Whether `account` counts: its own flag is on and no toggle leaves its type out.
    public func counts(_ account: Account) -> Bool {
        guard account.isIncluded else { return false }
        switch account.type {
        case .pension: return includePensions
        case .mortgage: return includeMortgages
        default: return true
        }
    }

    /// Why `account` does not count, or nil when it does.
    public func exclusionReason(_ account: Account) -> String? {
        if !account.isIncluded { return "excluded" }
        if account.type == .pension && !includePensions { return "pensions excluded" }
        if account.type == .mortgage && !includeMortgages { return "mortgages excluded" }
        return nil
    }
}

extension Inclusion {
    /// `pensions included · mortgages excluded`: how every face says what is counted.
    public var phrase: String {
        "pensions \(includePensions ? "included" : "excluded") · mortgages \(includeMortgages ? "included" : "excluded")"
    }
}

/// The persisted preferences of the feature.
public struct NetWorthSettings: Sendable, Hashable, Codable {
    /// The pension and mortgage toggles used when a command does not override them.
    public var inclusion: Inclusion
    /// The currency totals are reported in.
    public var baseCurrency: String

    /// Creates settings; GBP and both toggles on by default.
    public init(inclusion: Inclusion = Inclusion(), baseCurrency: String = "GBP") {
        self.inclusion = inclusion
        self.baseCurrency = baseCurrency
    }
}
