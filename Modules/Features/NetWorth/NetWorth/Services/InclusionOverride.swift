/// A request's overrides of the saved pension and mortgage toggles: nil keeps the saved setting.
public struct InclusionOverride: Sendable, Hashable {
    /// Count pensions (true), leave them out (false), or as saved (nil).
    public var pensions: Bool?
    /// Count mortgages (true), leave them out (false), or as saved (nil).
    public var mortgages: Bool?

    /// Creates overrides; none by default.
    public init(pensions: Bool? = nil, mortgages: Bool? = nil) {
        self.pensions = pensions
        self.mortgages = mortgages
    }

    /// The toggles in force: the overrides where given, else `saved`.
    public func resolve(_ saved: Inclusion) -> Inclusion {
        var result = saved
        if let pensions { result.includePensions = pensions }
        if let mortgages { result.includeMortgages = mortgages }
        return result
    }

    /// The overrides as a short text (`pensions=1 mortgages=-`), for keying what was worked out under them: a
    /// described value would go through reflection on every page view.
    var textualKey: String {
        func flag(_ value: Bool?) -> String { value.map { $0 ? "1" : "0" } ?? "-" }
        return "pensions=\(flag(pensions)) mortgages=\(flag(mortgages))"
    }
}
