import MutualFunds

/// What decided a scheme's ``TaxTreatment``, so a report can say which schemes were overridden by hand.
public enum TreatmentBasis: String, Sendable, Hashable, Codable, CaseIterable {
    /// Given for one report only (`gains --treat-as`).
    case override
    /// Stored with the portfolio (`portfolio treat-as`).
    case set
    /// The statement's own type (`EQUITY`, `DEBT`).
    case statement
    /// STT paid on its redemptions (only equity-oriented sales pay it).
    case stt
    /// The MF API category and the scheme's name.
    case category
    /// Nothing said: sales without STT and no category are taken as debt, as casparser takes them.
    case assumed

    /// Whether a person chose the treatment rather than the rules.
    public var isChosen: Bool { self == .override || self == .set }

    /// What decided, in a few words, beside the treatment (`debt (set with treat-as)`).
    public var wording: String {
        switch self {
        case .override: "this report only"
        case .set: "set with treat-as"
        case .statement: "statement type"
        case .stt: "STT on its sales"
        case .category: "MF API category"
        case .assumed: "assumed: no type, STT or category"
        }
    }
}
