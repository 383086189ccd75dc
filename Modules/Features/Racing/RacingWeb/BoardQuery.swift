import Failures
import Hummingbird
import Racing

/// The board a page or API call asks for, from its query (`count`, `category` and `country`, each repeatable or
/// comma-separated), checked by the domain's ``BoardRequest`` rules.
struct BoardQuery: Sendable {
    /// What was typed, kept so a refused query can be shown back.
    var count: String?
    var categories: [String] = []
    var countries: [String] = []

    /// The checked request.
    /// - Throws: ``FolioError`` (invalid) blaming `count`, `category` or `country`; a value is refused, never
    ///   ignored.
    func request(defaultCount: Int = NextToGo.defaultCount) throws(FolioError) -> BoardRequest {
        var number = defaultCount
        if let count {
            guard let parsed = Int(count) else {
                throw FolioError(
                    .invalid, "\"\(count)\" is not a number of races",
                    why: "a board shows 1 to \(BoardRequest.maximumCount) races", field: "count")
            }
            number = parsed
        }
        return try BoardRequest(count: number, categories: categories, countries: countries)
    }

    /// The same query for the event stream's link; only characters a query may carry unescaped survive.
    var queryString: String {
        var parts: [String] = []
        if !categories.isEmpty { parts.append("category=" + Self.safe(categories)) }
        if !countries.isEmpty { parts.append("country=" + Self.safe(countries)) }
        if let count, count != String(NextToGo.defaultCount) { parts.append("count=" + Self.safe([count])) }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    private static func safe(_ words: [String]) -> String {
        words.map { String($0.filter { $0.isLetter || $0.isNumber }) }.joined(separator: ",")
    }
}

extension BoardQuery {
    /// The query of `request`.
    init(_ request: Request) {
        let query = request.uri.queryParameters
        self.init(
            count: query["count"].map(String.init), categories: BoardRequest.words(query.getAll("category")),
            countries: BoardRequest.words(query.getAll("country")))
    }
}
