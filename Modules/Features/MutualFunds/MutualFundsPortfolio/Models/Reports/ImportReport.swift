import MutualFunds

/// What `funds portfolio import` did.
public struct ImportReport: Codable, Sendable, Hashable {
    /// Transactions the portfolio did not hold yet, now stored.
    public var added: Int
    /// Transactions it already held (a re-import, or an overlapping statement).
    public var alreadyHeld: Int
    /// Schemes in the statement.
    public var schemes: Int
    /// Schemes the portfolio did not hold yet.
    public var newSchemes: Int
    /// Schemes imported although they do not reconcile, each as `folio …, scheme: why`.
    public var unreconciled: [String]

    /// Creates a report.
    public init(added: Int, alreadyHeld: Int, schemes: Int, newSchemes: Int, unreconciled: [String]) {
        self.added = added
        self.alreadyHeld = alreadyHeld
        self.schemes = schemes
        self.newSchemes = newSchemes
        self.unreconciled = unreconciled
    }
}
