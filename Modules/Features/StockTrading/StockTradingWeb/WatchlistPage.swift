import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// `/stocks/watchlist`: the watchlist priced by the service, with add and remove forms. A symbol the market
/// does not list is refused next to the box, what was typed stays, and nothing is added.
struct WatchlistPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    struct WatchForm: Sendable {
        var symbols = ""
        var error: String?
    }

    /// Symbols typed in a box: words separated by commas or spaces.
    static func symbols(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    func show(
        _ request: Request, context: WebRequestContext, owner: Session,
        form: WatchForm = WatchForm(), status: HTTPResponse.Status = .ok
    ) async -> Response {
        let priced: Priced<WatchlistService.Listing>
        do {
            priced = try await StocksWebServices.make(environment).watchlist.list(for: owner)
        } catch {
            return environment.failurePage(
                FolioError.from(error), title: "Watchlist", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        let sort = request.uri.queryParameters["sort"].map(String.init)
        content += StocksLive.region(
            .watchlist, Self.priced(priced, now: environment.timing.now(), csrf: context.csrfToken, sort: sort),
            request: request,
            query: StocksLive.sortQuery(sort))
        let fields =
            Components.field(
                "symbols", label: "Symbols (e.g. NVDA AMD)", value: form.symbols, error: form.error,
                placeholder: "NVDA",
                attributes: " required autocapitalize=\"characters\"")
            + "<button type=\"submit\">Watch</button>"
        content +=
            "<h2 id=\"add\">Add to the watchlist</h2>"
            + Components.postForm(action: "/stocks/watchlist/add", csrf: context.csrfToken, fields)
        return environment.page(
            "Watchlist", request: request, context: context, status: status, scripts: StocksLive.scripts(request),
            content: content)
    }

    /// The priced part, kept live: the prices' "as of" and the list with its remove buttons.
    /// The columns, each but the buttons' sorting by its heading's link (`/stocks/watchlist?sort=-percent`).
    static let columns: [TableColumn<QuoteRow>] = [
        TableColumn("Symbol", key: "symbol") { $0.symbol < $1.symbol },
        TableColumn("Name", key: "name") { $0.name < $1.name },
        TableColumn("Price", key: "price", numeric: true) { $0.price < $1.price },
        TableColumn("Change", key: "change", numeric: true) { QuotesPage.ascending["change"]!($0, $1) },
        TableColumn("Change %", key: "percent", numeric: true) { QuotesPage.ascending["percent"]!($0, $1) },
        TableColumn(""),
    ]

    static func priced(_ priced: Priced<WatchlistService.Listing>, now: Date, csrf: String, sort: String? = nil) -> HTML
    {
        let rows = priced.report.rows
        var content = StockTradingWeb.staleNotice(priced.quotes)
        if !rows.isEmpty {
            content += Components.stamp(asOf: priced.quotes.asOf, now: now, stale: priced.quotes.isStale)
        }
        content +=
            SortedTable(
                columns: columns, rows: rows, id: "watchlist", noun: "symbols", sort: sort,
                link: { "/stocks/watchlist?\($0)" },
                empty: "Your watchlist is empty."
            ) { row in
                let remove = Components.postForm(
                    action: "/stocks/watchlist/remove", csrf: csrf, class: "inline",
                    "<input type=\"hidden\" name=\"symbol\" value=\"\(row.symbol)\"><button type=\"submit\" class=\"secondary\" aria-label=\"Stop watching \(row.symbol)\">Remove</button>"
                )
                return [
                    SymbolLink.html(row.symbol), "\(row.name)",
                    "\(Dollars.text(row.price, currency: row.currency))\(row.stale ? " (stale)" : "")",
                    "\(row.dailyChange.map { Dollars.text($0, signed: true, currency: row.currency) } ?? "—")",
                    "\(row.dailyChangeFraction.map { NumberFormat.percent($0) } ?? "—")", remove,
                ]
            }.html
        return content
    }

    func watch(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        var form = WatchForm(symbols: fields["symbols"] ?? "")
        do {
            let wanted = Self.symbols(form.symbols)
            guard !wanted.isEmpty else {
                throw FolioError(
                    .invalid, "no symbol given", why: "type at least one symbol, like NVDA", field: "symbols")
            }
            let result = try await StocksWebServices.make(environment).watchlist.add(wanted, for: owner)
            let said =
                (result.added.isEmpty ? [] : ["Watching \(result.added.joined(separator: ", "))."])
                + (result.alreadyWatched.isEmpty
                    ? [] : ["Already watching \(result.alreadyWatched.joined(separator: ", "))."])
            return WebResponses.redirect(to: "/stocks/watchlist", flash: Flash(.success, said.joined(separator: " ")))
        } catch {
            let failure = FolioError.from(error)
            form.error = failure.line
            return await show(
                request, context: context, owner: owner, form: form,
                status: WebResponses.status(for: failure))
        }
    }

    /// The first post asks, naming what stops being watched; only the confirmed post removes it (the ETF delete's
    /// second step, so it works without JavaScript).
    func unwatch(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async throws -> Response {
        let fields = try await FormData.read(request, context: context)
        let symbol = fields["symbol"] ?? ""
        let flash: Flash
        do {
            let service = try await StocksWebServices.make(environment).watchlist
            guard fields["confirmed"] == "yes" else {
                let names = try await service.watched(Self.symbols(symbol), for: owner).joined(separator: ", ")
                let content =
                    StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
                    + Components.confirmation(
                        "Stop watching <strong>\(names)</strong>?", action: "/stocks/watchlist/remove",
                        csrf: context.csrfToken,
                        fields: [(name: "symbol", value: names)], button: "Stop watching \(names)",
                        cancel: "/stocks/watchlist")
                return environment.page("Stop watching \(names)?", request: request, context: context, content: content)
            }
            let removed = try await service.remove(Self.symbols(symbol), for: owner)
            flash = Flash(.success, "Stopped watching \(removed.joined(separator: ", ")).")
        } catch {
            flash = Flash(.error, FolioError.from(error).line)
        }
        return WebResponses.redirect(to: "/stocks/watchlist", flash: flash)
    }
}
