/// The broad asset class of a scheme, after SEBI's 2017 categories.
public enum AssetClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// Equity schemes, including ELSS and sectoral/thematic funds.
    case equity
    /// Debt schemes: liquid, money market, gilt, bond, FMPs, income.
    case debt
    /// Hybrid schemes: balanced, arbitrage, equity savings, multi-asset, monthly income.
    case hybrid
    /// Solution-oriented schemes: retirement and children's funds.
    case solution
    /// "Other" schemes: index funds, ETFs and funds of funds.
    case other
}

/// Direct plans (bought from the AMC, no distributor commission) or regular plans.
public enum Plan: String, Sendable, Hashable, Codable, CaseIterable {
    /// A direct plan.
    case direct
    /// A regular plan.
    case regular
}

/// Whether gains are kept in the NAV (growth) or paid out (IDCW, formerly called "dividend").
public enum PayoutOption: String, Sendable, Hashable, Codable, CaseIterable {
    /// Growth option.
    case growth
    /// Income distribution cum capital withdrawal, including the older "Dividend" wording.
    case idcw
}

/// What a scheme's name (and meta, when known) says about it. Each field is nil when the text does not say.
public struct SchemeProfile: Sendable, Hashable, Codable {
    /// The fund house (AMC), e.g. "HDFC Mutual Fund".
    public var fundHouse: String?
    /// The asset class.
    public var assetClass: AssetClass?
    /// Direct or regular plan.
    public var plan: Plan?
    /// Growth or IDCW option.
    public var option: PayoutOption?

    /// Creates a profile.
    public init(fundHouse: String?, assetClass: AssetClass?, plan: Plan?, option: PayoutOption?) {
        self.fundHouse = fundHouse
        self.assetClass = assetClass
        self.plan = plan
        self.option = option
    }
}
