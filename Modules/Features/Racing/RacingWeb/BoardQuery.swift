import Hummingbird

/// The board a page or API call asks for, from its query (`count`, `category` repeated or comma-separated,
/// `country`), as the arguments of `folio races next`.
struct BoardQuery: Sendable {
    var count: String
    var categories: [String]
    var countries: [String]

    init(_ request: Request, defaultCount: Int) {
        let query = request.uri.queryParameters
        count = query["count"].map(String.init).flatMap { Int($0) == nil ? nil : $0 } ?? String(defaultCount)
        categories = Self.words(query.getAll("category"))
        countries = Self.words(query.getAll("country"))
    }

    /// Comma-separated words; anything but letters and digits is dropped, so a value can never read as an option.
    private static func words(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { String($0.filter { $0.isLetter || $0.isNumber }) }
            .filter { !$0.isEmpty }
    }

    /// `next --count N [--category …] [--country …] --format json`.
    var arguments: [String] {
        var arguments = ["next", "--count", count]
        if !categories.isEmpty { arguments += ["--category", categories.joined(separator: ",")] }
        if !countries.isEmpty { arguments += ["--country", countries.joined(separator: ",")] }
        return arguments + ["--format", "json"]
    }

    /// The same query for links (the event stream).
    var queryString: String {
        var parts: [String] = []
        if !categories.isEmpty { parts.append("category=" + categories.joined(separator: ",")) }
        if !countries.isEmpty { parts.append("country=" + countries.joined(separator: ",")) }
        if count != "5" { parts.append("count=" + count) }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }
}
