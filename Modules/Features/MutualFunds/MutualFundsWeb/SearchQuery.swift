import Foundation
import Hummingbird

/// A search from the query string (`q`, `category`, `house`, `plan`, `option`, `limit`) as the arguments of
/// `folio funds search`. Terms are words: leading dashes are dropped so no term can read as an option.
struct SearchQuery: Sendable {
    var q: String
    var category: String?
    var house: String?
    var plan: String?
    var option: String?
    var limit: String?

    init(_ request: Request) {
        let query = request.uri.queryParameters
        func value(_ name: String) -> String? {
            query[Substring(name)].map(String.init).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        q = value("q") ?? ""
        category = value("category")
        house = value("house")
        plan = value("plan")
        option = value("option")
        limit = value("limit").flatMap { Int($0) == nil ? nil : $0 }
    }

    var terms: [String] {
        q.split(whereSeparator: \.isWhitespace).map { String($0.drop { $0 == "-" }) }.filter { !$0.isEmpty }
    }

    var arguments: [String] {
        var arguments = ["search"] + terms
        if let category { arguments.append("--category=\(category)") }
        if let house { arguments.append("--house=\(house)") }
        if let plan { arguments.append("--plan=\(plan)") }
        if let option { arguments.append("--option=\(option)") }
        if let limit { arguments.append("--limit=\(limit)") }
        return arguments
    }
}
