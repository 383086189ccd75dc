import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// `/stocks/quotes`: every listed stock's price and daily change, as `folio stocks quotes` lists them, with the
/// prices' "as of".
struct QuotesPage {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    func show(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async -> Response {
        let listing: QuoteListingService.Listing
        do {
            listing = try await StocksWebServices.make(environment).quotes.listing([], for: owner)
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Quotes", request: request, context: context)
        }
        let order = Self.tableOrder(request.uri.queryParameters["sort"].map(String.init))
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken) + SymbolPage.lookUpForm
        if let note = listing.note { content += Components.notice("Listed: \(note).") }
        content += StocksLive.region(
            .quotes, Self.priced(listing.priced, now: environment.timing.now(), order: order), request: request,
            query: order.key.isEmpty ? "" : "&sort=\(order.parameter)")
        return environment.page(
            "Quotes", request: request, context: context, scripts: StocksLive.scripts(request), content: content)
    }

    /// The columns, each with its sort key.
    static let columns: [(title: String, key: String, numeric: Bool)] = [
        ("Symbol", "symbol", false), ("Name", "name", false), ("Sector", "sector", false), ("Price", "price", true),
        ("Change", "change", true), ("Change %", "percent", true),
    ]

    /// How rows compare, ascending, in each column; a stock without a previous close has no change and comes first.
    static var ascending: [String: (QuoteRow, QuoteRow) -> Bool] {
        [
            "symbol": { $0.symbol < $1.symbol }, "name": { $0.name < $1.name }, "sector": { $0.sector < $1.sector },
            "price": { $0.price < $1.price },
            "change": {
                ($0.dailyChange.map { [$0] } ?? []).lexicographicallyPrecedes($1.dailyChange.map { [$0] } ?? [])
            },
            "percent": {
                ($0.dailyChangeFraction.map { [$0] } ?? []).lexicographicallyPrecedes(
                    $1.dailyChangeFraction.map { [$0] } ?? [])
            },
        ]
    }

    /// The order `?sort=` asks for; none (the market's own order, as `folio stocks quotes` lists it) by default.
    static func tableOrder(_ text: String?) -> TableOrder {
        TableOrder(text, keys: columns.map(\.key), fallback: TableOrder(key: "", descending: false))
    }

    /// The priced part, kept live: the prices' "as of" and the table, sorted by its headings' links.
    static func priced(_ listing: Priced<[QuoteRow]>, now: Date, order: TableOrder) -> HTML {
        var content = StockTradingWeb.staleNotice(listing.quotes)
        content += Components.stamp(asOf: listing.quotes.asOf, now: now, stale: listing.quotes.isStale)
        let headings = Dictionary(
            uniqueKeysWithValues: columns.enumerated().map { index, column in
                (
                    index,
                    order.heading(column.title, key: column.key, numeric: column.numeric) {
                        "/stocks/quotes?sort=\($0)"
                    }
                )
            })
        content += Components.table(
            headers: columns.map(\.title), numeric: [3, 4, 5],
            rows: order.sorted(listing.report, by: ascending).map { row in
                [
                    SymbolLink.html(row.symbol), "\(row.name)", "\(row.sector)",
                    "\(Dollars.text(row.price, currency: row.currency))\(row.stale ? " (stale)" : "")",
                    "\(row.dailyChange.map { Dollars.text($0, signed: true, currency: row.currency) } ?? "—")",
                    "\(row.dailyChangeFraction.map { NumberFormat.percent($0) } ?? "—")",
                ]
            }, id: "quotes", headings: headings)
        return content
    }
}
