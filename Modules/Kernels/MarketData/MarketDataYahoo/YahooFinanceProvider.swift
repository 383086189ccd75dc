import Foundation
import MarketData
import Money
import Networking
import Timing

/// Prices from Yahoo Finance's v8 chart API (`GET {base}/v8/finance/chart/{SYMBOL}`): no key, no published
/// limits, and unofficial — it may change or refuse without notice, which is why a second provider can follow it.
///
/// Its quirks, from recorded answers: prices are float32-looking doubles rounded here to the instrument's
/// `priceHint` places; London prices are in pence (`GBp`) and are reported in pounds; `null` bars are skipped,
/// never priced zero; a daily bar's timestamp is the session's open, read in `meta.exchangeTimezoneName`; an
/// unknown symbol is a 404 with a JSON error, a span without data a 400, a delisted symbol a result with no
/// bars, and a refusal a 429 whose body is plain text.
public struct YahooFinanceProvider: MarketDataProvider {
    /// The default base URL.
    public static let defaultBaseURL = URL(string: "https://query1.finance.yahoo.com")!

    private let http: any HTTPClient
    private let timing: Timing
    /// The API's base URL.
    public let baseURL: URL

    /// Creates the provider over an HTTP client (retries and proxies are the client's).
    public init(http: any HTTPClient, baseURL: URL = YahooFinanceProvider.defaultBaseURL, timing: Timing) {
        self.http = http
        self.baseURL = baseURL
        self.timing = timing
    }

    /// `yahoo`.
    public var id: String { "yahoo" }
    /// `Yahoo Finance`.
    public var displayName: String { "Yahoo Finance" }
    /// Always.
    public var requiresNetwork: Bool { true }

    /// The latest price from a one-day chart's `meta`.
    public func quote(for symbol: String) async throws -> PriceQuote {
        let symbol = symbol.uppercased()
        let result = try await chart(symbol, query: [("range", "1d"), ("interval", "1d")])
        let meta = result.meta
        let (currency, extra) = try currency(meta, symbol)
        let places = (meta.priceHint ?? 2) + extra
        guard let price = meta.regularMarketPrice.flatMap({ major($0, places: places, extra: extra) }),
            price.isPositive,
            let time = meta.regularMarketTime
        else {
            throw MarketDataError.delisted(symbol: symbol, provider: displayName)
        }
        let previous = (meta.previousClose ?? meta.chartPreviousClose).flatMap {
            major($0, places: places, extra: extra)
        }
        return PriceQuote(
            symbol: meta.symbol?.uppercased() ?? symbol, price: price, currency: currency,
            previousClose: previous.flatMap { $0.isPositive ? $0 : nil }, exchange: meta.exchangeName,
            exchangeTimeZone: meta.exchangeTimezoneName ?? "UTC",
            marketTime: Date(timeIntervalSince1970: TimeInterval(time)),
            name: meta.longName ?? meta.shortName)
    }

    /// Daily closes, adjusted closes, dividends and splits from `from` to `to`. The request's window is a day
    /// wider on each side in UTC, since a session's open can fall on the previous UTC day (Auckland); bars are
    /// then kept by their day at the exchange.
    public func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory {
        let symbol = symbol.uppercased()
        let utc = TimeZone(secondsFromGMT: 0)!
        let start = Int64(from.adding(days: -1).startOfDay(in: utc).timeIntervalSince1970)
        let end = Int64(to.adding(days: 2).startOfDay(in: utc).timeIntervalSince1970)
        let result = try await chart(
            symbol,
            query: [("period1", "\(start)"), ("period2", "\(end)"), ("interval", "1d"), ("events", "div,split")])
        let meta = result.meta
        guard let timestamps = result.timestamp, !timestamps.isEmpty else {
            throw MarketDataError.delisted(symbol: symbol, provider: displayName)
        }
        let (currency, extra) = try currency(meta, symbol)
        let places = (meta.priceHint ?? 2) + extra
        let zoneName = meta.exchangeTimezoneName ?? "UTC"
        let zone = TradingDay.zone(zoneName)
        func day(_ seconds: Int64) -> CalendarDate {
            CalendarDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
        }
        let closes = result.indicators?.quote?.first?.close ?? []
        let adjusted = result.indicators?.adjclose?.first?.adjclose ?? []
        var bars: [DailyBar] = []
        for (index, time) in timestamps.enumerated() {
            // A bar of nulls is a day Yahoo has no price for: leave it out rather than price it zero.
            guard index < closes.count, let wire = closes[index], let close = major(wire, places: places, extra: extra),
                close.isPositive
            else { continue }
            let date = day(time)
            guard date >= from, date <= to else { continue }
            let adjustedClose =
                index < adjusted.count ? adjusted[index].flatMap { major($0, places: places, extra: extra) } : nil
            if let last = bars.last, last.date == date {
                bars[bars.count - 1] = DailyBar(date: date, close: close, adjustedClose: adjustedClose)
            } else {
                bars.append(DailyBar(date: date, close: close, adjustedClose: adjustedClose))
            }
        }
        let dividends = (result.events?.dividends.map { Array($0.values) } ?? [])
            .compactMap { event -> Dividend? in
                guard let amount = major(event.amount, places: 6 + extra, extra: extra), amount.isPositive else {
                    return nil
                }
                return Dividend(exDate: day(event.date), amountPerShare: amount)
            }
            .filter { $0.exDate >= from && $0.exDate <= to }
            .sorted { $0.exDate < $1.exDate }
        let splits = (result.events?.splits.map { Array($0.values) } ?? [])
            .compactMap { event -> Split? in
                guard let numerator = event.numerator.amount(places: 6),
                    let denominator = event.denominator.amount(places: 6),
                    numerator.isPositive, denominator.isPositive
                else { return nil }
                return Split(date: day(event.date), numerator: numerator, denominator: denominator)
            }
            .filter { $0.date >= from && $0.date <= to }
            .sorted { $0.date < $1.date }
        guard !bars.isEmpty else {
            throw MarketDataError.noData(
                symbol: symbol, provider: displayName, reason: "no prices from \(from) to \(to)")
        }
        return PriceHistory(
            symbol: meta.symbol?.uppercased() ?? symbol, currency: currency, exchangeTimeZone: zoneName, bars: bars,
            dividends: dividends, splits: splits)
    }

    /// Sends the chart request and returns its one result, or the typed refusal its answer means.
    private func chart(_ symbol: String, query: [(String, String)]) async throws -> YahooChartEnvelope.Result {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        let path = "/v8/finance/chart/" + (symbol.addingPercentEncoding(withAllowedCharacters: allowed) ?? symbol)
        let request = HTTPRequest.get(baseURL, path: path, query: query, headers: ["Accept": "application/json"])
        let response = try await http.send(request, symbol: symbol, provider: displayName)
        let envelope = try? JSONBody.decode(YahooChartEnvelope.self, from: response)
        switch response.status {
        case 200..<300:
            break
        case 404 where envelope != nil:
            throw MarketDataError.unknownSymbol(symbol: symbol, provider: displayName)
        case 400:
            throw MarketDataError.noData(
                symbol: symbol, provider: displayName,
                reason: envelope?.chart.error?.description ?? "HTTP 400"
                    + (response.bodySnippet.map { ": \($0)" } ?? ""))
        default:
            throw MarketDataError.status(response, symbol: symbol, provider: displayName, now: timing.now())
        }
        let decoded: YahooChartEnvelope
        do {
            decoded = try JSONBody.decode(YahooChartEnvelope.self, from: response)
        } catch let error as NetworkError {
            if MarketDataError.isHTML(response) {
                throw MarketDataError.unavailable(
                    symbol: symbol, provider: displayName, reason: "it answered an HTML page")
            }
            throw MarketDataError.badResponse(symbol: symbol, provider: displayName, reason: error.description)
        }
        if let error = decoded.chart.error {
            if error.code == "Not Found" { throw MarketDataError.unknownSymbol(symbol: symbol, provider: displayName) }
            throw MarketDataError.badResponse(
                symbol: symbol, provider: displayName,
                reason: [error.code, error.description].compactMap { $0 }.joined(separator: ": "))
        }
        guard let result = decoded.chart.result?.first else {
            throw MarketDataError.delisted(symbol: symbol, provider: displayName)
        }
        return result
    }

    private func currency(_ meta: YahooChartEnvelope.Meta, _ symbol: String) throws -> (String, Int) {
        // A delisted symbol keeps its meta but loses its currency.
        guard let code = meta.currency, !code.isEmpty else {
            throw MarketDataError.delisted(symbol: symbol, provider: displayName)
        }
        return YahooCurrency.major(code)
    }

    /// A wire price rounded at `places` in the quoted unit, then moved to the major unit.
    private func major(_ wire: WireNumber, places: Int, extra: Int) -> Amount? {
        guard let minor = WireNumber(wire.decimal).amount(places: places - extra) else { return nil }
        return extra == 0 ? minor : try? minor.divided(by: 100, places: places)
    }
}
