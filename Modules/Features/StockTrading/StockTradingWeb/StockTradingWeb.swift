import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading

/// The paper-trading pages: login and sign-up, the portfolio with buy and sell forms, history, watchlist,
/// alerts and analytics, each the `folio stocks` command run as the browser's user. Every page but login and
/// sign-up needs a login (303 to `/stocks/login`).
public enum StockTradingWeb {
    /// The feature's web face, listed in the host's web registry.
    public static let feature = WebFeature(
        id: "stocks", navigation: NavigationEntry(title: "Stocks", path: "/stocks"),
        openAPIPaths: [
            "/api/stocks/portfolio": .openAPIGet(
                "The logged-in browser's paper portfolio, as `folio stocks portfolio --format json`.",
                response: OpenAPISchema.object(
                    [
                        "email": OpenAPISchema.string, "pricesAsOf": OpenAPISchema.string, "pricesStale": OpenAPISchema.boolean,
                        "holdings": OpenAPISchema.array(
                            OpenAPISchema.object(
                                [
                                    "symbol": OpenAPISchema.string, "name": OpenAPISchema.string, "quantity": OpenAPISchema.integer,
                                    "averageCost": OpenAPISchema.number, "price": OpenAPISchema.optionalNumber,
                                    "value": OpenAPISchema.number, "unrealizedPL": OpenAPISchema.number,
                                ],
                                required: ["symbol", "name", "quantity", "averageCost", "value", "unrealizedPL"])),
                        "totals": OpenAPISchema.object(
                            [
                                "holdingsValue": OpenAPISchema.number, "cash": OpenAPISchema.number,
                                "totalValue": OpenAPISchema.number, "unrealizedPL": OpenAPISchema.number,
                            ],
                            required: ["holdingsValue", "cash", "totalValue", "unrealizedPL"]),
                    ],
                    required: ["email", "pricesAsOf", "pricesStale", "holdings", "totals"]),
                needsLogin: true)
        ],
        dashboard: { environment, context in await dashboardCard(environment, context: context) },
        routes: { router, environment in
            /// A page for logged-in browsers only: others get 303 to the login page.
            func loggedIn(
                _ handler: @escaping @Sendable (Request, WebRequestContext, SessionStore.Record) async throws -> Response
            ) -> @Sendable (Request, WebRequestContext) async throws -> Response {
                { request, context in
                    guard let user = await StocksSession.current(request, environment: environment) else {
                        return StocksSession.toLogin(from: request)
                    }
                    return try await handler(request, context, user)
                }
            }
            router.get("/stocks/login") { request, context in StocksAccountPages.loginPage(request, context: context, environment: environment) }
            router.post("/stocks/login") { request, context in try await StocksAccountPages.logIn(request, context: context, environment: environment) }
            router.get("/stocks/signup") { request, context in StocksAccountPages.signupPage(request, context: context, environment: environment) }
            router.post("/stocks/signup") { request, context in try await StocksAccountPages.signUp(request, context: context, environment: environment) }
            router.post("/stocks/logout") { request, _ in await StocksAccountPages.logOut(request, environment: environment) }
            router.get("/stocks", use: loggedIn { request, context, user in
                await portfolio(request, context: context, environment: environment, user: user, trade: TradeForm())
            })
            router.post("/stocks/trade", use: loggedIn { request, context, user in
                try await trade(request, context: context, environment: environment, user: user)
            })
            router.get("/stocks/history", use: loggedIn { request, context, user in
                let (result, _) = await StocksSession.run(["history", "--format", "json"], as: user, environment: environment)
                if let error = result.error { return environment.failurePage(error, title: "Trade history", request: request, context: context) }
                let table = JSONTable.render(result.output, id: "list") ?? HTML(raw: "<pre>\(HTML.escape(result.output))</pre>")
                return environment.page("Trade history", request: request, context: context, content: subnavigation(user, csrf: context.csrfToken) + table)
            })
            router.get("/stocks/watchlist", use: loggedIn { request, context, user in
                await WatchlistAlertsPages.watchlist(request, context: context, environment: environment, user: user)
            })
            router.post("/stocks/watchlist/add", use: loggedIn { request, context, user in
                try await WatchlistAlertsPages.watch(request, context: context, environment: environment, user: user)
            })
            router.post("/stocks/watchlist/remove", use: loggedIn { request, context, user in
                try await WatchlistAlertsPages.unwatch(request, context: context, environment: environment, user: user)
            })
            router.get("/stocks/alerts", use: loggedIn { request, context, user in
                await WatchlistAlertsPages.alerts(request, context: context, environment: environment, user: user)
            })
            router.post("/stocks/alerts/add", use: loggedIn { request, context, user in
                try await WatchlistAlertsPages.addAlert(request, context: context, environment: environment, user: user)
            })
            router.post("/stocks/alerts/remove", use: loggedIn { request, context, user in
                try await WatchlistAlertsPages.changeAlert("remove", request, context: context, environment: environment, user: user)
            })
            router.post("/stocks/alerts/rearm", use: loggedIn { request, context, user in
                try await WatchlistAlertsPages.changeAlert("rearm", request, context: context, environment: environment, user: user)
            })
            router.get("/stocks/analytics", use: loggedIn { request, context, user in
                let (result, _) = await StocksSession.run(["analytics", "--format", "json"], as: user, environment: environment)
                if let error = result.error { return environment.failurePage(error, title: "Analytics", request: request, context: context) }
                let body = AnalyticsPage.content(result.output) ?? HTML(raw: "<pre>\(HTML.escape(result.output))</pre>")
                let content = subnavigation(user, csrf: context.csrfToken) + body
                return environment.page("Analytics", request: request, context: context, content: content)
            })
            // JSON: a browser without a login gets 401 (a script cannot follow a redirect to a login form).
            router.get("/api/stocks/portfolio") { request, _ in
                guard let user = await StocksSession.current(request, environment: environment) else { return StocksSession.notLoggedIn }
                let (result, _) = await StocksSession.run(["portfolio", "--format", "json"], as: user, environment: environment)
                return environment.jsonResponse(result)
            }
        })

    static func subnavigation(_ user: SessionStore.Record, csrf: String) -> HTML {
        """
        <nav class="ranges" aria-label="Paper trading"><a href="/stocks">Portfolio</a><a href="/stocks/history">History</a>\
        <a href="/stocks/watchlist">Watchlist</a><a href="/stocks/alerts">Alerts</a><a href="/stocks/analytics">Analytics</a></nav>
        <p class="stamp">Logged in as \(user.email)</p>\(Components.postForm(action: "/stocks/logout", csrf: csrf, class: "inline", "<button type=\"submit\" class=\"secondary\">Log out</button>"))
        """
    }

    struct TradeForm: Sendable {
        var symbol = ""
        var quantity = ""
        var errors: [String: String] = [:]
    }

    static func portfolio(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record,
        trade: TradeForm, status: HTTPResponse.Status = .ok
    ) async -> Response {
        let (result, _) = await StocksSession.run(["portfolio", "--format", "json"], as: user, environment: environment)
        if let error = result.error { return environment.failurePage(error, title: "Portfolio", request: request, context: context) }
        let document = try? JSONDecoder().decode(PortfolioView.self, from: Data(result.output.utf8))
        var content = subnavigation(user, csrf: context.csrfToken)
        content += result.warningLines.html { Components.notice($0, kind: "warning") }
        if let document {
            content += """
                <div class="figures" id="portfolio-figures">\(Components.figure("Total value", Dollars.text(document.totals.totalValue)))\
                \(Components.figure("Cash", Dollars.text(document.totals.cash)))\
                \(Components.figure("Holdings", Dollars.text(document.totals.holdingsValue)))\
                \(Components.figure("Unrealised P/L", Dollars.text(document.totals.unrealizedPL, signed: true)))</div>
                """
            content += Components.stamp(asOf: document.pricesAsOf, stale: document.pricesStale)
            content += Components.table(
                headers: ["Symbol", "Name", "Shares", "Average cost", "Price", "Value", "Unrealised P/L"], numeric: [2, 3, 4, 5, 6],
                rows: document.holdings.map { holding in
                    ["\(holding.symbol)", "\(holding.name)", "\(holding.quantity)", "\(Dollars.text(holding.averageCost))",
                     "\(holding.price.map { Dollars.text($0) } ?? "—")", "\(Dollars.text(holding.value))", "\(Dollars.text(holding.unrealizedPL, signed: true))"]
                }, id: "holdings")
        }
        var form = Components.field("symbol", label: "Symbol", value: trade.symbol, error: trade.errors["symbol"], placeholder: "AAPL", attributes: " required")
        form += Components.field("quantity", label: "Shares", value: trade.quantity, error: trade.errors["quantity"], attributes: " inputmode=\"numeric\" required")
        if let general = trade.errors["general"] { form = Components.notice(general, kind: "error") + form }
        form += "<button type=\"submit\" name=\"side\" value=\"buy\">Buy</button><button type=\"submit\" name=\"side\" value=\"sell\" class=\"secondary\">Sell</button>"
        if let side = trade.errors["side"] { form += "<span class=\"field-error\" id=\"side-error\">\(side)</span>" }
        content += "<h2 id=\"trade\">Trade</h2>" + Components.postForm(action: "/stocks/trade", csrf: context.csrfToken, form)
        return environment.page("Portfolio", request: request, context: context, status: status, content: content)
    }

    static func trade(
        _ request: Request, context: WebRequestContext, environment: WebEnvironment, user: SessionStore.Record
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = TradeForm(symbol: fields["symbol"] ?? "", quantity: fields["quantity"] ?? "")
        // An order never defaults to a side: anything but buy or sell is refused before anything is run.
        let side: String
        do {
            side = try TradeSide(parsing: fields["side"]).rawValue
        } catch let error as FolioError {
            form.errors[error.field ?? "side"] = error.line
            return await portfolio(request, context: context, environment: environment, user: user, trade: form, status: WebResponses.status(for: error))
        }
        let symbol = String(form.symbol.drop { $0 == "-" })
        let (result, _) = await StocksSession.run([side, symbol, form.quantity], as: user, environment: environment)
        guard let error = result.error else {
            return WebResponses.redirect(to: "/stocks", flash: Flash(.success, result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let message = result.fieldMessage ?? error.what
        // "cannot buy 5 AAPL" (not enough cash) and "cannot sell 5 AAPL" (not enough held) are answered by the number of shares.
        let field = result.blamedField(["quantity": ["share", "quantity", "cannot buy", "cannot sell"], "symbol": ["symbol"]])
        form.errors[field ?? "general"] = message
        return await portfolio(request, context: context, environment: environment, user: user, trade: form, status: WebResponses.status(for: error))
    }

    static func dashboardCard(_ environment: WebEnvironment, context: WebRequestContext) async -> HTML? {
        guard let id = context.sessionID, let user = await environment.sessions.lookup(id) else { return nil }
        let (result, _) = await StocksSession.run(["portfolio", "--format", "json"], as: user, environment: environment)
        guard let document = try? JSONDecoder().decode(PortfolioView.self, from: Data(result.output.utf8)) else { return nil }
        return "<section class=\"card\"><h2><a href=\"/stocks\">Paper portfolio</a></h2>\(Components.figure("Total value", Dollars.text(document.totals.totalValue)))</section>"
    }
}
