import Failures
import FeatureKit
import FeatureWeb
import Foundation
import Hummingbird
import StockTrading
import Timing

/// The live prices of the portfolio, quotes and watchlist pages: each page's priced part sits in a region that
/// `/stocks/live.js` refreshes from `/stocks/events?view=…`, a server-sent event of the region's new markup at
/// the quotes' refresh rate (their time to live). Without JavaScript the page is the same region, plain, with its
/// "as of".
struct StocksLive {
    /// The server's environment as the host handed it to these routes.
    let environment: WebEnvironment

    enum View: String, Sendable, CaseIterable {
        case portfolio, quotes, watchlist
    }

    static let scriptPath = "/stocks/live.js"

    /// Whether `request`'s page is kept live: all but `?live=0`, the plain page (what a page without JavaScript
    /// shows, and a page that settles, for a screenshot).
    static func isLive(_ request: Request) -> Bool { request.uri.queryParameters["live"] != "0" }

    /// The scripts of a page that `request` asks to keep live.
    static func scripts(_ request: Request) -> [String] { isLive(request) ? [scriptPath] : [] }

    /// The region `view`'s page keeps live (unless `request` asks for the plain page).
    /// - Parameter query: More of the stream's query (`&sort=-price`), so updates keep the page's order.
    static func region(_ view: View, _ content: HTML, request: Request, query: String = "") -> HTML {
        guard isLive(request) else { return "<div id=\"live-\(view.rawValue)\">\(content)</div>" }
        return
            "<div id=\"live-\(view.rawValue)\" data-stocks-events=\"/stocks/events?view=\(view.rawValue)\(query)\">\(content)</div>"
    }

    /// The stream's `&sort=` for a page sorted by `sort`: only a key's letters and its `-`, so the address needs
    /// no escaping (an unknown key sorts nothing, on the page and in the stream alike).
    static func sortQuery(_ sort: String?) -> String {
        guard let sort, !sort.isEmpty else { return "" }
        return "&sort=" + sort.filter { ($0.isASCII && $0.isLetter) || $0 == "-" }
    }

    /// `/stocks/events?view=`: the region's markup on every refresh of the prices; nothing when the prices cannot
    /// be had (the page keeps what it shows, stamped with its age).
    func events(
        _ request: Request, context: WebRequestContext, owner: Session
    ) async -> Response {
        guard let view = request.uri.queryParameters["view"].flatMap({ View(rawValue: String($0)) }) else {
            return WebResponses.problem(
                FolioError(.invalid, "no such live view", why: "ask for portfolio, quotes or watchlist", field: "view"))
        }
        let sort = request.uri.queryParameters["sort"].map(String.init)
        return stream(view, owner: owner, csrf: context.csrfToken, sort: sort)
    }

    /// The stream of `view`'s region: an event every refresh of the prices (`stocks.quotesTTL`, 60 s unless set)
    /// on the shared ticker.
    func stream(
        _ view: View, owner: Session, csrf: String, sort: String? = nil
    ) -> Response {
        let settings =
            environment.featureContext.flatMap { try? StocksSettings($0.configuration) } ?? StocksSettings()
        let every = max(1, Int(settings.quotesTTL.components.seconds))
        return ServerSentEvents.response(ticker: environment.ticker, every: every) {
            guard
                let content = try? await content(
                    view, owner: owner, csrf: csrf, sort: sort)
            else { return nil }
            return ServerSentEvent(name: "prices", data: content.description)
        }
    }

    /// The region's content as the page renders it.
    func content(
        _ view: View, owner: Session, csrf: String, sort: String? = nil
    ) async throws -> HTML {
        let services = try await StocksWebServices.make(environment)
        let now = environment.timing.now()
        switch view {
        case .portfolio:
            return PortfolioPage.priced(try await services.portfolio.portfolio(for: owner), now: now, sort: sort)
        case .quotes:
            return QuotesPage.priced(
                try await services.quotes.listing([], for: owner).priced, now: now, order: QuotesPage.tableOrder(sort))
        case .watchlist:
            return WatchlistPage.priced(try await services.watchlist.list(for: owner), now: now, csrf: csrf, sort: sort)
        }
    }

    /// Replaces each region's content with what its stream sends.
    static let script = """
        "use strict";
        (function () {
          document.addEventListener("DOMContentLoaded", function () {
            if (!window.EventSource) { return; }
            var regions = document.querySelectorAll("[data-stocks-events]");
            for (var i = 0; i < regions.length; i++) {
              (function (region) {
                var events = new EventSource(region.getAttribute("data-stocks-events"));
                events.addEventListener("prices", function (event) { region.innerHTML = event.data; });
              })(regions[i]);
            }
          });
        })();

        """
}
