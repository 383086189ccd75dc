import Foundation
import Networking

/// One entry of the MF API's scheme list (`GET /mf`): the code, AMFI's raw name and the two ISINs.
///
/// Names are kept exactly as AMFI publishes them (typos, double spaces, upper case) apart from surrounding
/// whitespace, because they are what users search for and what other tools show.
public struct Scheme: Sendable, Hashable, Codable {
    /// The AMFI scheme code, e.g. 122639.
    public var code: Int
    /// The scheme's name as published.
    public var name: String
    /// The ISIN of the growth (or payout) plan, when AMFI lists one.
    public var isinGrowth: String?
    /// The ISIN of the dividend-reinvestment plan, when AMFI lists one.
    public var isinDivReinvestment: String?

    /// Creates a scheme.
    public init(code: Int, name: String, isinGrowth: String? = nil, isinDivReinvestment: String? = nil) {
        self.code = code
        self.name = name
        self.isinGrowth = isinGrowth
        self.isinDivReinvestment = isinDivReinvestment
    }

    private enum CodingKeys: String, CodingKey {
        case code = "schemeCode"
        case name = "schemeName"
        case isinGrowth
        case isinDivReinvestment
    }

    /// Decodes the API's camelCase entry; the code may be a JSON number or a numeric string, the ISINs null,
    /// absent or blank.
    /// - Throws: `DecodingError` when the code is not a positive integer or the name is missing or blank.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(FlexibleInt.self, forKey: .code).value
        guard code > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: container, debugDescription: "scheme code \(code) is not a positive number")
        }
        let name = try container.decode(String.self, forKey: .name).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "blank scheme name")
        }
        self.code = code
        self.name = name
        isinGrowth = ISIN.normalised(container.decodeLenient(String.self, forKey: .isinGrowth))
        isinDivReinvestment = ISIN.normalised(container.decodeLenient(String.self, forKey: .isinDivReinvestment))
    }

    /// Encodes in the API's own shape, so a stored scheme reads back through the same decoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(isinGrowth, forKey: .isinGrowth)
        try container.encode(isinDivReinvestment, forKey: .isinDivReinvestment)
    }
}

/// ISIN clean-up shared by the list and the history meta.
enum ISIN {
    /// Upper-cased and trimmed; nil for null, blank or placeholder values such as "-" or "NA".
    static func normalised(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(), trimmed.count >= 3
        else { return nil }
        guard trimmed != "N.A.", trimmed != "NULL", trimmed.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            return nil
        }
        return trimmed
    }
}
