import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// The paper-trading pages: login and sign-up, the portfolio with buy and sell forms, history, watchlist,
/// alerts and analytics, each calling the feature's services for the browser's own account, and the JSON
/// routes, which answer the very report values `folio stocks … --format json` prints. Every page but login
/// and sign-up needs a login (303 to `/stocks/login`, which comes back afterwards).
public enum StockTradingWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "stocks", navigation: NavigationEntry(title: "Stocks", path: "/stocks"),
        openAPIPaths: [
            "/api/stocks/portfolio": .openAPIGet(
                "The logged-in browser's paper portfolio, as `folio stocks portfolio --format json`.",
                response: StocksAPISchema.portfolio, loginPage: "/stocks/login"),
            "/api/stocks/quotes": .openAPIGet(
                "Every listed stock's price, as `folio stocks quotes --format json`.",
                response: OpenAPISchema.array(StocksAPISchema.quote), loginPage: "/stocks/login"),
            "/api/stocks/history": .openAPIGet(
                "The logged-in browser's trades and cash movements, as `folio stocks history --format json`.",
                response: OpenAPISchema.array(StocksAPISchema.historyRow), loginPage: "/stocks/login"),
            "/api/stocks/watchlist": .openAPIGet(
                "The logged-in browser's watchlist with prices, as `folio stocks watchlist list --format json`.",
                response: OpenAPISchema.array(StocksAPISchema.quote), loginPage: "/stocks/login"),
            "/api/stocks/whoami": .openAPIGet(
                "Who the browser is logged in as, and since when, as `folio stocks whoami --format json`.",
                response: StocksAPISchema.session, loginPage: "/stocks/login"),
        ],
        dashboard: { environment, context in await PortfolioPage.dashboardCard(environment, context: context) },
        routes: { router, environment in
            // The live script is cacheable, so it is served outside the session routes: it never sets a cookie.
            router.get(RouterPath(StocksLive.scriptPath)) { _, _ in WebResponses.javaScript(StocksLive.script) }
            // Every other stocks route reads or starts the browser's session; no other feature's routes see it.
            let router = environment.sessions.routes(router)
            /// A page for logged-in browsers only: others get 303 to the login page.
            func loggedIn(
                _ handler: @escaping @Sendable (Request, WebRequestContext, Session) async throws -> Response
            ) -> @Sendable (Request, WebRequestContext) async throws -> Response {
                { request, context in
                    guard let owner = StocksBrowserSession.owner(context) else {
                        return StocksBrowserSession.toLogin(from: request)
                    }
                    return try await handler(request, context, owner)
                }
            }
            /// A JSON route: 401 without a login (a script cannot follow a redirect to a form), problem details
            /// for a refusal, else the report value encoded exactly as the CLI prints it.
            func api(
                _ report: @escaping @Sendable (StockTradingServices, Session) async throws -> any Encodable & Sendable
            ) -> @Sendable (Request, WebRequestContext) async throws -> Response {
                { _, context in
                    guard let owner = StocksBrowserSession.owner(context) else {
                        return StocksBrowserSession.notLoggedIn
                    }
                    do {
                        return WebResponses.json(
                            encoding: try await report(try await StocksWebServices.make(environment), owner))
                    } catch {
                        return WebResponses.problem(FolioError.from(error))
                    }
                }
            }
            router.get("/stocks/login") { request, context in
                StocksAccountPages(environment: environment).loginPage(request, context: context)
            }
            router.post("/stocks/login", use: StocksAccountPages(environment: environment).logIn)
            router.get("/stocks/signup") { request, context in
                StocksAccountPages(environment: environment).signupPage(request, context: context)
            }
            router.post("/stocks/signup", use: StocksAccountPages(environment: environment).signUp)
            router.post("/stocks/logout") { _, context in
                StocksAccountPages(environment: environment).logOut(context: context)
            }
            router.get(
                "/stocks",
                use: loggedIn { request, context, owner in
                    await PortfolioPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.post(
                "/stocks/trade",
                use: loggedIn { request, context, owner in
                    try await PortfolioPage(environment: environment).trade(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/events",
                use: loggedIn { request, context, owner in
                    await StocksLive(environment: environment).events(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/quotes",
                use: loggedIn { request, context, owner in
                    await QuotesPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.get("/stocks/symbol", use: loggedIn { request, _, _ in SymbolPage.lookUp(request) })
            router.get(
                "/stocks/symbol/:symbol",
                use: loggedIn { request, context, owner in
                    await SymbolPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/cash",
                use: loggedIn { request, context, owner in
                    await CashPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.post(
                "/stocks/cash",
                use: loggedIn { request, context, owner in
                    try await CashPage(environment: environment).move(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/history",
                use: loggedIn { request, context, owner in
                    await ReportPages(environment: environment).history(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/analytics",
                use: loggedIn { request, context, owner in
                    await ReportPages(environment: environment).analytics(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/watchlist",
                use: loggedIn { request, context, owner in
                    await WatchlistPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.post(
                "/stocks/watchlist/add",
                use: loggedIn { request, context, owner in
                    try await WatchlistPage(environment: environment).watch(request, context: context, owner: owner)
                })
            router.post(
                "/stocks/watchlist/remove",
                use: loggedIn { request, context, owner in
                    try await WatchlistPage(environment: environment).unwatch(request, context: context, owner: owner)
                })
            router.get(
                "/stocks/alerts",
                use: loggedIn { request, context, owner in
                    await AlertsPage(environment: environment).show(request, context: context, owner: owner)
                })
            router.post(
                "/stocks/alerts/add",
                use: loggedIn { request, context, owner in
                    try await AlertsPage(environment: environment).add(request, context: context, owner: owner)
                })
            router.get(
                "/api/stocks/portfolio",
                use: api { services, owner in try await services.portfolio.portfolio(for: owner).report })
            router.get(
                "/api/stocks/quotes",
                use: api { services, owner in try await services.quotes.listing([], for: owner).priced.report })
            router.get(
                "/api/stocks/history",
                use: api { services, owner in try await services.portfolio.history(for: owner).rows })
            router.get(
                "/api/stocks/watchlist",
                use: api { services, owner in try await services.watchlist.list(for: owner).report.rows })
            router.get("/api/stocks/whoami", use: api { _, owner in SessionReport(owner) })
        })

    static func subnavigation(_ owner: Session, csrf: String) -> HTML {
        """
        <nav class="ranges" aria-label="Paper trading"><a href="/stocks">Portfolio</a><a href="/stocks/quotes">Quotes</a>\
        <a href="/stocks/cash">Cash</a><a href="/stocks/history">History</a><a href="/stocks/watchlist">Watchlist</a><a href="/stocks/alerts">Alerts</a><a href="/stocks/analytics">Analytics</a></nav>
        <p class="stamp" id="whoami">Logged in as \(owner.email) since \(TimeStamp.html(owner.since))</p>\(Components.postForm(action: "/stocks/logout", csrf: csrf, class: "inline", "<button type=\"submit\" class=\"secondary\">Log out</button>"))
        """
    }

    /// The warning the terminal prints on stderr when prices are last known ones, as a notice.
    static func staleNotice(_ quotes: QuoteSet) -> HTML {
        guard quotes.isStale else { return .empty }
        var message = "prices are the last known from \(quotes.source), as of \(TimeStamp.text(quotes.asOf))"
        if let failure = quotes.failure { message += " — \(failure)" }
        return Components.notice(message, kind: "warning")
    }
}
