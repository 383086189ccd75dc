import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import Timing

/// The funds pages: search (results as you type), a fund's page (NAV chart with ranges, returns and risk,
/// SIP calculator, favourite toggle, "as of" and stale stamps), comparison, and the JSON routes, all
/// through the `folio funds` commands.
public enum MutualFundsWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "funds", navigation: NavigationEntry(title: "Funds", path: "/funds"),
        openAPIPaths: [
            "/api/funds/search": .openAPIGet(
                "Scheme search, as `folio funds search TERMS --format json`.",
                query: ["q", "category", "house", "plan", "option", "limit"],
                response: OpenAPISchema.array(
                    OpenAPISchema.object(
                        [
                            "code": OpenAPISchema.integer, "name": OpenAPISchema.string, "fundHouse": OpenAPISchema.optionalString,
                            "category": OpenAPISchema.optionalString, "plan": OpenAPISchema.optionalString,
                            "option": OpenAPISchema.optionalString,
                        ],
                        required: ["code", "name"]))),
            "/api/funds/{code}": .openAPIGet(
                "A scheme, as `folio funds show CODE --format json`.", query: ["range"], path: ["code"],
                response: OpenAPISchema.object(
                    [
                        "code": OpenAPISchema.integer, "name": OpenAPISchema.string, "fundHouse": OpenAPISchema.optionalString,
                        "category": OpenAPISchema.optionalString, "nav": OpenAPISchema.number, "navDate": OpenAPISchema.string,
                        "navAgeDays": OpenAPISchema.integer, "returns": OpenAPISchema.anyObject, "range": OpenAPISchema.string,
                        "volatility": OpenAPISchema.optionalNumber, "sharpe": OpenAPISchema.optionalNumber,
                        "stale": OpenAPISchema.boolean, "asOf": OpenAPISchema.string,
                    ],
                    required: ["code", "name", "nav", "navDate", "navAgeDays", "returns", "range", "stale", "asOf"])),
        ],
        dashboard: { environment, _ in await favouritesCard(environment) },
        routes: { router, environment in
            router.get("/funds") { request, context in await FundsSearchPage.page(request, context: context, environment: environment) }
            router.get("/api/funds/search") { request, _ in
                environment.jsonResponse(await environment.runner.run("funds", SearchQuery(request).arguments + ["--format", "json"]))
            }
            router.get("/funds/compare") { request, context in await ComparePage.page(request, context: context, environment: environment) }
            router.get("/funds/:code") { request, context in
                await FundPage.page(try code(context), request: request, context: context, environment: environment)
            }
            router.post("/funds/:code/favorite") { request, context in
                let code = try code(context)
                let form = try await FormData.read(request, context: context)
                let action = form["action"] == "remove" ? "remove" : "add"
                let result = await environment.runner.run("funds", ["favorites", action, code])
                let flash = result.error == nil ? Flash(.success, result.output.trimmingCharacters(in: .whitespacesAndNewlines)) : Flash(.error, result.errorLine ?? "")
                return WebResponses.redirect(to: "/funds/\(code)", flash: flash)
            }
            router.get("/api/funds/:code") { request, context in
                var arguments = ["show", try code(context)]
                if let range = request.uri.queryParameters["range"].flatMap({ HistoryRange(text: String($0)) }) {
                    arguments.append("--range=\(range.rawValue)")
                }
                return environment.jsonResponse(await environment.runner.run("funds", arguments + ["--format", "json"]))
            }
        })

    /// The scheme code from the path: digits only, else 404.
    static func code(_ context: WebRequestContext) throws -> String {
        guard let code = context.parameters.get("code"), !code.isEmpty, code.allSatisfy(\.isNumber), code.count <= 9 else {
            throw HTTPError(.notFound, message: "There is no scheme with that code.")
        }
        return code
    }

    static func favouritesCard(_ environment: WebEnvironment) async -> HTML? {
        let result = await environment.runner.run("funds", ["favorites", "list", "--format", "json"])
        guard let favourites = JSONRead.decode([FavoriteView].self, result.output), !favourites.isEmpty else { return nil }
        let rows: [[HTML]] = favourites.map { favourite in
            ["<a href=\"/funds/\(favourite.code)\">\(favourite.name)</a>", "\(FundText.percent(favourite.return1Y))"]
        }
        return "<section class=\"card\"><h2><a href=\"/funds\">Favourite funds</a></h2>\(Components.table(headers: ["Fund", "1Y return"], numeric: [1], rows: rows))</section>"
    }
}

/// Figures as the CLI prints them.
enum FundText {
    static func percent(_ value: Double?) -> String { value.map { NumberFormat.percent($0) } ?? "n/a" }
    static func nav(_ value: Amount) -> String { NumberFormat.money(value, currency: "INR", fractionDigits: 4) }
}
