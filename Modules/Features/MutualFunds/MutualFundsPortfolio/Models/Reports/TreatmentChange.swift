import Money
import MutualFunds

/// A scheme whose stored tax treatment was set: what `folio funds portfolio treat-as` reports.
public struct TreatmentChange: Codable, Sendable, Hashable {
    /// The folio.
    public var folio: String
    /// The scheme's name.
    public var scheme: String
    /// Its ISIN.
    @NullEncodable public var isin: String?
    /// The MF API code it was matched to.
    @NullEncodable public var code: Int?
    /// The treatment now stored; null when the rules decide again.
    @NullEncodable public var treatAs: TaxTreatment?
    /// The treatment stored before; null when the rules decided.
    @NullEncodable public var previous: TaxTreatment?
}
