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
}
