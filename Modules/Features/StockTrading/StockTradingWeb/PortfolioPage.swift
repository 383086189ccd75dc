import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import MarketData
import StockTrading
import Timing

/// `/stocks`: the portfolio valued by the service, with the buy and sell form; `POST /stocks/trade` trades
/// through the same service as `folio stocks buy|sell`.
struct PortfolioPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    struct TradeForm: Sendable {
        var symbol = ""
        var quantity = ""
        /// A past trade's day (`YYYY-MM-DD`), empty for a trade now.
        var date = ""
        /// A past trade's price, empty for that day's close.
        var price = ""
        var errors: [String: String] = [:]
    }

    func show(
        _ request: Request, context: WebRequestContext, owner: Session,
        trade: TradeForm = TradeForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let priced: Priced<PortfolioReport>
        do {
            priced = try await StocksWebServices.make(environment).portfolio.portfolio(for: owner)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Portfolio", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        let sort = request.uri.queryParameters["sort"].map(String.init)
        content += StocksLive.region(
            .portfolio, Self.priced(priced, now: environment.timing.now(), sort: sort), request: request,
            query: StocksLive.sortQuery(sort))
        var form = trade.errors["general"].map { Components.notice($0, kind: "error") } ?? .empty
        form += Components.field(
            "symbol", label: "Symbol", value: trade.symbol, error: trade.errors["symbol"], placeholder: "AAPL",
            attributes: " required")
        form += Components.field(
            "quantity", label: "Shares", value: trade.quantity, error: trade.errors["quantity"],
            attributes: " inputmode=\"numeric\" required")
        form +=
            "<details\(trade.date.isEmpty && trade.price.isEmpty ? "" : " open")><summary>A trade made on an earlier day</summary>"
        form += Components.field(
            "date", label: "Date", value: trade.date, error: trade.errors["date"], type: "date",
            attributes: " max=\"\(CalendarDate(environment.timing.now(), in: .current).iso8601)\"")
        form += Components.field(
            "price", label: "Price per share (empty: that day's close)", value: trade.price,
            error: trade.errors["price"],
            attributes: " inputmode=\"decimal\"")
        form += "</details>"
        form +=
            "<button type=\"submit\" name=\"side\" value=\"buy\">Buy</button><button type=\"submit\" name=\"side\" value=\"sell\" class=\"secondary\">Sell</button>"
        form += Components.fieldError(trade.errors["side"], for: "side")
        content +=
            "<h2 id=\"trade\">Trade</h2>" + Components.postForm(action: "/stocks/trade", csrf: context.csrfToken, form)
        return environment.page(
            "Portfolio", request: request, context: context, status: status, scripts: StocksLive.scripts(request),
            content: content)
    }

    /// The priced part, kept live: the figures, the prices' "as of" and the holdings.
    /// The holdings' columns, each sorting by its heading's link (`/stocks?sort=-value`).
    static let holdingColumns: [TableColumn<HoldingRow>] = [
        TableColumn("Symbol", key: "symbol") { $0.symbol < $1.symbol },
        TableColumn("Name", key: "name") { $0.name < $1.name },
        TableColumn("Shares", key: "quantity", numeric: true) { $0.quantity < $1.quantity },
        TableColumn("Average cost", key: "cost", numeric: true) { $0.averageCost < $1.averageCost },
        TableColumn("Price", key: "price", numeric: true) { left, right in
            guard let second = right.price else { return false }
            return left.price.map { $0 < second } ?? true
        },
        TableColumn("Value", key: "value", numeric: true) { $0.value < $1.value },
        TableColumn("Unrealised P/L", key: "pl", numeric: true) { $0.unrealizedPL < $1.unrealizedPL },
    ]

    static func priced(_ priced: Priced<PortfolioReport>, now: Date, sort: String? = nil) -> HTML {
        let report = priced.report
        let currency = report.currency
        var content = StockTradingWeb.staleNotice(priced.quotes)
        let figures: HTML =
            Components.figure("Total value (\(currency))", Dollars.text(report.totals.totalValue, currency: currency))
            + Components.figure("Cash", Dollars.text(report.totals.cash, currency: currency))
            + Components.figure("Holdings", Dollars.text(report.totals.holdingsValue, currency: currency))
            + Components.figure(
                "Unrealised P/L", Dollars.text(report.totals.unrealizedPL, signed: true, currency: currency))
        content += "<div class=\"figures\" id=\"portfolio-figures\">\(figures)</div>"
        content += Components.stamp(asOf: report.pricesAsOf, now: now, stale: report.pricesStale)
        content +=
            SortedTable(
                columns: holdingColumns, rows: report.holdings, id: "holdings", noun: "holdings", sort: sort,
                link: { "/stocks?\($0)" }, empty: "No holdings yet: buy below."
            ) { holding in
                [
                    SymbolLink.html(holding.symbol), "\(holding.name)", "\(holding.quantity)",
                    "\(Dollars.text(holding.averageCost, currency: currency))",
                    "\(holding.price.map { Dollars.text($0, currency: currency) } ?? "—")",
                    "\(Dollars.text(holding.value, currency: currency))",
                    "\(Dollars.text(holding.unrealizedPL, signed: true, currency: currency))",
                ]
            }.html
        return content
    }

    func trade(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = TradeForm(
            symbol: fields["symbol"] ?? "", quantity: fields["quantity"] ?? "",
            date: (fields["date"] ?? "").trimmingCharacters(in: .whitespaces),
            price: (fields["price"] ?? "").trimmingCharacters(in: .whitespaces))
        do {
            let side = try TradeSide(parsing: fields["side"])
            let quantity = try TypedInput.quantity(form.quantity)
            let day = form.date.isEmpty ? nil : try TypedInput.tradeDate(form.date)
            let price = form.price.isEmpty ? nil : try TypedInput.tradePrice(form.price)
            if price != nil, day == nil {
                throw FolioError(
                    .invalid, "a price needs a date", why: "a trade today is made at the market's price", field: "date")
            }
            let services = try await StocksWebServices.make(environment, forTrading: true)
            let row: TradeReport
            if let day {
                row = try await services.trading.trade(
                    side, form.symbol, quantity: quantity, for: owner, on: day, price: price
                )
                .report
            } else {
                row = try await services.trading.trade(side, form.symbol, quantity: quantity, for: owner).report
            }
            let verb = side == .buy ? "Bought" : "Sold"
            let on = day.map { " on \($0)" } ?? ""
            let rate = row.fx.map { " at \($0.from)→\($0.to) \($0.rate) (\($0.source))" } ?? ""
            let paid = Dollars.text(row.price, currency: row.priceCurrency)
            let message =
                "\(verb) \(row.quantity) \(row.symbol)\(on) at \(paid) for \(Dollars.text(row.amount, currency: row.currency))\(rate)."
            return WebResponses.redirect(to: "/stocks", flash: Flash(.success, message))
        } catch {
            let failure = FolioError.from(error)
            let field =
                ["symbol", "quantity", "side", "date", "price"].contains(failure.field ?? "")
                ? failure.field! : "general"
            form.errors[field] = failure.line
            return await show(
                request, context: context, owner: owner, trade: form,
                status: WebResponses.status(for: failure))
        }
    }

    static func dashboardCard(_ environment: WebEnvironment, context: WebRequestContext) async -> DashboardCard? {
        guard let owner = StocksBrowserSession.owner(context),
            let report = try? await StocksWebServices.make(environment).portfolio.portfolio(for: owner).report
        else { return nil }
        let stamp = Components.stamp(asOf: report.pricesAsOf, now: environment.timing.now(), stale: report.pricesStale)
        let figures =
            Components.figure("Total value", Dollars.text(report.totals.totalValue, currency: report.currency))
            + Components.figure(
                "Unrealised P/L", Dollars.text(report.totals.unrealizedPL, signed: true, currency: report.currency))
        return DashboardCard(
            title: "Paper portfolio", link: "/stocks", body: "<div class=\"figures\">\(figures)</div>\(stamp)")
    }
}
