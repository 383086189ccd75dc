import Foundation
import Networking

/// The `meta` block of a NAV history: AMFI's descriptive fields for one scheme.
///
/// Every field is display text, not an enum: AMFI's wording varies ("Equity Scheme" / "Equity Schemes"),
/// old schemes carry bare categories ("Income"), and a header-parsing glitch can put a fund house's name in
/// `schemeType`. Blank strings become nil, so "unknown" is never shown as an empty value.
public struct SchemeMeta: Sendable, Hashable, Codable {
    /// The AMC, e.g. "PPFAS Mutual Fund".
    public var fundHouse: String?
    /// E.g. "Open Ended Schemes".
    public var schemeType: String?
    /// E.g. "Equity Scheme - Flexi Cap Fund".
    public var schemeCategory: String?
    /// The scheme code; 0 in the API's answer for an unknown code.
    public var code: Int
    /// The scheme's name.
    public var name: String?
    /// The growth plan's ISIN.
    public var isinGrowth: String?
    /// The dividend-reinvestment plan's ISIN.
    public var isinDivReinvestment: String?

    /// Creates a meta block.
    public init(
        code: Int, name: String?, fundHouse: String? = nil, schemeType: String? = nil, schemeCategory: String? = nil,
        isinGrowth: String? = nil, isinDivReinvestment: String? = nil
    ) {
        self.code = code
        self.name = name
        self.fundHouse = fundHouse
        self.schemeType = schemeType
        self.schemeCategory = schemeCategory
        self.isinGrowth = isinGrowth
        self.isinDivReinvestment = isinDivReinvestment
    }

    private enum CodingKeys: String, CodingKey {
        case fundHouse = "fund_house"
        case schemeType = "scheme_type"
        case schemeCategory = "scheme_category"
        case code = "scheme_code"
        case name = "scheme_name"
        case isinGrowth = "isin_growth"
        case isinDivReinvestment = "isin_div_reinvestment"
    }

    /// Decodes leniently: a code as number or numeric string (0 when absent or unreadable), strings
    /// trimmed, blanks as nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? {
            guard
                let value = container.decodeLenient(String.self, forKey: key)?
                    .trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
            else { return nil }
            return value
        }
        code = container.decodeLenient(FlexibleInt.self, forKey: .code)?.value ?? 0
        name = text(.name)
        fundHouse = text(.fundHouse)
        schemeType = text(.schemeType)
        schemeCategory = text(.schemeCategory)
        isinGrowth = ISIN.normalised(text(.isinGrowth))
        isinDivReinvestment = ISIN.normalised(text(.isinDivReinvestment))
    }

    /// Encodes in the API's snake_case shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(fundHouse, forKey: .fundHouse)
        try container.encode(schemeType, forKey: .schemeType)
        try container.encode(schemeCategory, forKey: .schemeCategory)
        try container.encode(isinGrowth, forKey: .isinGrowth)
        try container.encode(isinDivReinvestment, forKey: .isinDivReinvestment)
    }

    /// Whether this is the API's answer for a code it does not know: code 0 and no name.
    public var isBlank: Bool { code == 0 && name == nil && fundHouse == nil }
}
