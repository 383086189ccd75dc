import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// `/stocks/quotes`: every listed stock's price and daily change, as `folio stocks quotes` lists them, with the
/// prices' "as of".
enum QuotesPage {
    static func show(_ request: Request, context: WebRequestContext, environment: WebEnvironment, owner: Session) async -> Response {
        let listing: Priced<[QuoteRow]>
        do {
            listing = try await StocksWebServices.make(environment).market.listing([])
        } catch {
            return environment.failurePage(FolioError.from(error), title: "Quotes", request: request, context: context)
        }
        var content = StockTradingWeb.subnavigation(owner, csrf: context.csrfToken)
        content += StocksLive.region(.quotes, priced(listing, now: environment.timing.now()), request: request)
        return environment.page("Quotes", request: request, context: context, scripts: StocksLive.scripts(request), content: content)
    }

    /// The priced part, kept live: the prices' "as of" and the table.
    static func priced(_ listing: Priced<[QuoteRow]>, now: Date) -> HTML {
        var content = StockTradingWeb.staleNotice(listing.quotes)
        content += Components.stamp(asOf: listing.quotes.asOf, now: now, stale: listing.quotes.isStale)
        content += Components.table(
            headers: ["Symbol", "Name", "Sector", "Price", "Change", "Change %"], numeric: [3, 4, 5],
            rows: listing.report.map { row in
                [
                    "\(row.symbol)", "\(row.name)", "\(row.sector)", "\(Dollars.text(row.price))\(row.stale ? " (stale)" : "")",
                    "\(row.dailyChange.map { Dollars.text($0, signed: true) } ?? "—")",
                    "\(row.dailyChangeFraction.map { NumberFormat.percent($0) } ?? "—")",
                ]
            }, id: "quotes")
        return content
    }
}
