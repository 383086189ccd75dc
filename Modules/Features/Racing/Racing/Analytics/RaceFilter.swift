import Foundation

/// Which races a board shows: by racing code and by venue country. An empty set means "any".
public struct RaceFilter: Sendable, Hashable, Codable {
    /// The racing codes to show; empty shows every code, `other` included.
    public var categories: Set<RaceCategory.Kind>
    /// The venue countries to show, as canonical codes (see ``canonicalCountry(_:)``); empty shows all.
    public var countries: Set<String>

    /// Creates a filter; country codes are matched case-insensitively and through their aliases.
    public init(categories: Set<RaceCategory.Kind> = [], countries: [String] = []) {
        self.categories = categories
        self.countries = Set(countries.map(Self.canonicalCountry))
    }

    /// A filter that lets every race through.
    public static let all = RaceFilter()

    /// Whether the filter lets every race through.
    public var isEmpty: Bool { categories.isEmpty && countries.isEmpty }

    /// Whether `race` passes the filter. A race with no country never passes a country filter.
    public func matches(_ race: Race) -> Bool {
        if !categories.isEmpty, !categories.contains(race.category.kind) { return false }
        if !countries.isEmpty {
            guard let country = race.venueCountry, countries.contains(Self.canonicalCountry(country)) else {
                return false
            }
        }
        return true
    }

    /// The service writes some countries two ways (UK and GBR, IRE and IRL, SAF and ZAF), and people type
    /// the ISO codes; each group below reads as its first code.
    private static let aliasGroups: [[String]] = [
        ["UK", "GBR", "GB"], ["IRE", "IRL", "IE"], ["SAF", "ZAF", "RSA", "ZA"], ["USA", "US"], ["NZ", "NZL"],
        ["AUS", "AU"], ["CA", "CAN"], ["FR", "FRA"], ["JPN", "JP"], ["SGP", "SG"], ["KOR", "KR"], ["SWE", "SE"],
        ["ITA", "IT"], ["CHI", "CHL", "CL"], ["MAC", "MO"],
    ]

    private static let canonical: [String: String] = {
        var map: [String: String] = [:]
        for group in aliasGroups {
            for code in group { map[code] = group[0] }
        }
        return map
    }()

    /// The canonical code for a country code: upper-cased, aliases folded (`gbr` → `UK`).
    public static func canonicalCountry(_ code: String) -> String {
        let upper = code.trimmingCharacters(in: .whitespaces).uppercased()
        return canonical[upper] ?? upper
    }
}
