import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import Money
import MutualFunds
import MutualFundsPortfolio
import Timing

/// The funds pages: search (results as you type), a fund's page (NAV chart with ranges, returns and risk,
/// SIP calculator, favourite toggle, "as of" and stale stamps), comparison, and the JSON routes, all through
/// ``MutualFunds/FundsService``: the JSON routes encode the very report values `--format json` prints.
public enum MutualFundsWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "funds", navigation: NavigationEntry(title: "Funds", path: "/funds"),
        openAPIPaths: FundsOpenAPI.paths.merging(PortfolioOpenAPI.paths) { first, _ in first }
            .merging(NAVOpenAPI.paths) { first, _ in first },
        dashboard: { environment, _ in await favouritesCard(environment) },
        routes: { router, environment in
            router.get("/funds", use: FundsSearchPage(environment: environment).page)
            router.get("/funds/portfolio") { request, context in
                await PortfolioPage(environment: environment).page(request, context: context)
            }
            router.post("/funds/portfolio/import", use: PortfolioPage(environment: environment).upload)
            router.get("/funds/portfolio/tax", use: TaxPage(environment: environment).page)
            router.get("/api/funds/portfolio/tax") { request, _ in
                await api { try await TaxPage.Query(request).report(FundsWebService.portfolio(environment)) }
            }
            router.get("/funds/portfolio/transactions") { request, context in
                await TransactionsPage(environment: environment).page(request, context: context)
            }
            router.post("/funds/portfolio/add") { request, context in
                try await TransactionsPage(environment: environment).record(.buy, request: request, context: context)
            }
            router.post("/funds/portfolio/sell") { request, context in
                try await TransactionsPage(environment: environment).record(.sell, request: request, context: context)
            }
            router.post("/funds/portfolio/remove", use: TransactionRemoval(environment: environment).post)
            router.post("/funds/portfolio/treat-as", use: TreatmentForms(environment: environment).post)
            router.get("/api/funds/portfolio/transactions") { _, _ in
                await api { try await FundsWebService.portfolio(environment).portfolioTransactions() }
            }
            router.get("/api/funds/portfolio") { request, _ in
                await api {
                    let asOf = try PortfolioQuery.date(request.uri.queryParameters["asOf"].map(String.init))
                    return try await FundsWebService.portfolio(environment).valuePortfolio(asOf: asOf)
                }
            }
            router.get("/api/funds/portfolio/gains") { request, _ in
                let query = request.uri.queryParameters
                let summary = query["summary"].map(String.init)
                return await api {
                    let report = try await FundsWebService.portfolio(environment).gains(
                        financialYear: query["fy"].map(String.init).flatMap { $0.isEmpty ? nil : $0 })
                    return try PortfolioQuery.isSummary(summary)
                        ? GainsRows.summary(report.summary) : GainsRows.lots(report.rows)
                }
            }
            router.get("/api/funds/search") { request, _ in
                await api {
                    try await FundsWebService.make(environment).search(try SearchQuery(request).schemeQuery()).rows
                }
            }
            router.get(RouterPath(CompareChart.scriptPath)) { _, _ in WebResponses.javaScript(CompareScript.text) }
            router.get("/funds/compare", use: ComparePage(environment: environment).page)
            router.get("/funds/cache", use: CachePage(environment: environment).show)
            router.post("/funds/cache/clear", use: CachePage(environment: environment).clear)
            router.get("/api/funds/cache") { _, _ in
                await api { try await FundsWebService.make(environment).cacheStatus() }
            }
            router.get("/funds/:code/history") { request, context in
                await NAVPages(environment: environment).history(try code(context), request: request, context: context)
            }
            router.get("/funds/:code/rolling") { request, context in
                await NAVPages(environment: environment).rolling(try code(context), request: request, context: context)
            }
            router.get("/api/funds/:code/history") { request, context in
                let code = try code(context)
                return await api {
                    let range = try NAVPages.HistoryQuery(request).range()
                    let history = try await FundsWebService.make(environment).history(code: code).value
                    return NAVHistoryRow.rows(history.points(from: range.from, to: range.to))
                }
            }
            router.get("/api/funds/:code/nav") { request, context in
                let code = try code(context)
                return await api {
                    let date = try PortfolioQuery.date(request.uri.queryParameters["on"].map(String.init), field: "on")
                    return try await FundsWebService.make(environment).nav(code: code, on: date)
                }
            }
            router.get("/api/funds/:code/rolling") { request, context in
                let code = try code(context)
                return await api {
                    let text =
                        request.uri.queryParameters["window"].map(String.init) ?? RollingWindow.threeYears.rawValue
                    let window = try Choices.parse(text, as: RollingWindow.self, field: "window", what: "window")
                    return try await FundsWebService.make(environment).rolling(code: code, window: window).report
                }
            }
            router.get("/funds/:code") { request, context in
                await FundPage(environment: environment).page(try code(context), request: request, context: context)
            }
            router.post("/funds/:code/favorite") { request, context in
                let code = try code(context)
                let form = try await FormData.read(request, context: context)
                let flash: Flash
                do {
                    let service = try FundsWebService.make(environment)
                    if form["action"] == "remove" {
                        let removed = try await service.removeFavorite(code: code).favorite
                        flash = Flash(.success, "Removed \(removed.code) \(removed.name) from the favorites.")
                    } else {
                        let change = try await service.addFavorite(code: code)
                        flash = Flash(
                            .success,
                            change.changed
                                ? "Added \(change.favorite.code) \(change.favorite.name) to the favorites."
                                : "\(change.favorite.code) \(change.favorite.name) is already a favorite.")
                    }
                } catch {
                    flash = Flash(.error, FolioError.from(error).line)
                }
                return WebResponses.redirect(to: "/funds/\(code)", flash: flash)
            }
            router.get("/api/funds/:code") { request, context in
                let code = try code(context)
                return await api {
                    let range = try request.uri.queryParameters["range"].map {
                        try Choices.parse(String($0), as: HistoryRange.self, field: "range", what: "range")
                    }
                    return try await FundsWebService.make(environment).report(code: code, range: range ?? .oneYear)
                }
            }
        })

    /// A JSON route: the report `body` returns, encoded as `--format json` prints it, or its refusal as
    /// problem details.
    static func api(_ body: () async throws -> some Encodable) async -> Response {
        do {
            return WebResponses.json(encoding: try await body())
        } catch {
            return WebResponses.problem(FolioError.from(error))
        }
    }

    /// The scheme code from the path: digits only, else 404.
    static func code(_ context: WebRequestContext) throws -> Int {
        // No spaces in a path: the code is the segment exactly.
        guard let text = context.parameters.get("code"), !text.contains(" "), let code = SchemeCodeText.parse(text)
        else {
            throw HTTPError(.notFound, message: "There is no scheme with that code.")
        }
        return code
    }

    static func favouritesCard(_ environment: WebEnvironment) async -> DashboardCard? {
        guard let favourites = try? await FundsWebService.make(environment).favorites(), !favourites.isEmpty else {
            return nil
        }
        let rows: [[HTML]] = favourites.map { favourite in
            ["<a href=\"/funds/\(favourite.code)\">\(favourite.name)</a>", "\(FundText.percent(favourite.return1Y))"]
        }
        // The card's as-of: the latest NAV date among the favourites, said stale when any came from a saved copy.
        let latest = favourites.compactMap(\.navDate).max().map { "NAVs as of \($0)" } ?? "No NAV yet"
        let stale = favourites.contains(where: \.stale) ? " (some from a saved copy)" : ""
        let table = Components.table(headers: ["Fund", "1Y return"], numeric: [1], rows: rows)
        return DashboardCard(
            title: "Favourite funds", link: "/funds", body: table + "<p class=\"stamp\">\(latest + stale)</p>")
    }
}

/// Figures as the CLI prints them.
enum FundText {
    static func percent(_ value: Double?) -> String { value.map { NumberFormat.percent($0) } ?? "n/a" }
    static func nav(_ value: Amount) -> String { Rupees.format(value, places: 4) }
    static func money(_ value: Amount) -> String { Rupees.format(value) }
}
