import Failures
import Foundation
import Hummingbird
import MutualFunds

/// A search from the query string (`q`, `category`, `house`, `plan`, `option`, `limit`, `page`), kept as typed so the
/// form shows it again, and read into a ``MutualFunds/SchemeQuery``. An empty filter means "any"; an unknown
/// one is refused with the field named, never dropped.
struct SearchQuery: Sendable {
    var q: String
    var category: String?
    var house: String?
    var plan: String?
    var option: String?
    var limit: String?
    var page: String?
    /// The schemes ticked to compare so far, kept from search to search (`codes=…&codes=…`), each once.
    var ticked: [Int]

    /// Results a page shows.
    static let pageSize = 20

    init(_ request: Request) {
        let query = FormQuery(request)
        func value(_ name: String) -> String? {
            query[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        q = value("q") ?? ""
        category = value("category")
        house = value("house")
        plan = value("plan")
        option = value("option")
        limit = value("limit")
        page = value("page")
        var seen = Set<Int>()
        ticked = query.all("codes").flatMap { $0.split(separator: ",") }.compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        .filter { $0 > 0 && seen.insert($0).inserted }
    }

    /// The page asked for, from 1.
    /// - Throws: ``FolioError`` (invalid, field `q`) for anything but a page number a search can reach.
    func pageNumber() throws -> Int {
        guard let page else { return 1 }
        guard let number = Int(page), (1...(10_000 / Self.pageSize)).contains(number) else {
            throw FolioError(
                .invalid, "\"\(page)\" is not a page of results", why: "pages are numbered from 1", field: "q")
        }
        return number
    }

    /// This search's address at `page`, every filter kept.
    func link(page: Int) -> String {
        var components = URLComponents()
        components.path = "/funds"
        let pairs: [(String, String?)] = [
            ("q", q), ("category", category), ("house", house), ("plan", plan), ("option", option), ("page", "\(page)"),
        ]
        components.queryItems =
            pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
            + ticked.map { URLQueryItem(name: "codes", value: "\($0)") }
        return components.string ?? "/funds"
    }

    /// The words typed.
    var terms: [String] { q.split(whereSeparator: \.isWhitespace).map(String.init) }

    /// Whether anything was asked for (a bare `/funds` shows only the form).
    var isEmpty: Bool { terms.isEmpty && category == nil && house == nil && plan == nil && option == nil }

    /// The query the service runs.
    /// - Throws: ``FolioError`` (invalid) blaming the filter or the limit that is not accepted, or `q` when
    ///   nothing is asked for.
    func schemeQuery() throws -> SchemeQuery {
        let limit = try limit.map { text in
            guard let value = Int(text), (1...10_000).contains(value) else {
                throw FolioError(.invalid, "the limit \"\(text)\" is not a number from 1 to 10000", field: "limit")
            }
            return value
        }
        let query = SchemeQuery(
            terms: terms,
            assetClass: try category.map {
                try Choices.parse($0, as: AssetClass.self, field: "category", what: "category")
            },
            house: house,
            plan: try plan.map { try Choices.parse($0, as: Plan.self, field: "plan", what: "plan") },
            option: try option.map {
                try Choices.parse(
                    $0, as: PayoutOption.self, field: "option", what: "option", aliases: ["dividend": .idcw])
            },
            limit: limit ?? 20)
        guard !query.isEmpty else {
            throw FolioError(
                .invalid, "give words to search for (letters or digits), or a filter such as a fund house or category",
                field: "q")
        }
        return query
    }
}
