import Foundation
import MarketData
import Money
import Networking
import Timing

/// Prices from Alpha Vantage (`GET {base}/query?function=…&apikey=KEY`): `GLOBAL_QUOTE` for the latest price and
/// `TIME_SERIES_DAILY` for closes. The free series has no adjusted close and no corporate actions, so a history
/// from here has neither; quotes carry no currency, and are taken as US dollars (the listings the free tier
/// serves). A throttled call answers HTTP 200 with a `Note` or `Information` body: a rate-limit refusal, not data.
public struct AlphaVantageProvider: MarketDataProvider {
    /// The default base URL.
    public static let defaultBaseURL = URL(string: "https://www.alphavantage.co")!
    /// Where the free series' dates are read (the API says `US/Eastern`).
    static let timeZone = "America/New_York"

    private let http: any HTTPClient
    let timing: Timing
    private let apiKey: String
    /// The API's base URL.
    public let baseURL: URL

    /// Creates the provider with the user's key.
    public init(
        http: any HTTPClient, apiKey: String, baseURL: URL = AlphaVantageProvider.defaultBaseURL, timing: Timing
    ) {
        self.http = http
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.timing = timing
    }

    /// `alphavantage`.
    public var id: String { "alphavantage" }
    /// `Alpha Vantage`.
    public var displayName: String { "Alpha Vantage" }
    /// Always.
    public var requiresNetwork: Bool { true }

    /// The latest price from `GLOBAL_QUOTE` (a pair's symbol such as `GBPUSD=X`: the rate from
    /// `CURRENCY_EXCHANGE_RATE`); its market time is the close (16:00 New York) of its latest trading day.
    public func quote(for symbol: String) async throws -> PriceQuote {
        let symbol = symbol.uppercased()
        if let pair = FXPair(symbol: symbol) { return try await exchangeQuote(pair) }
        let body = try await query(symbol, ["function": "GLOBAL_QUOTE"])
        guard let fields = body.globalQuote, !fields.isEmpty else {
            throw MarketDataError.unknownSymbol(symbol: symbol, provider: displayName)
        }
        func amount(_ key: String) -> Amount? {
            fields[key].flatMap { Decimal(string: $0) }.flatMap { WireNumber($0).amount(places: 4) }
        }
        guard let price = amount("05. price"), price.isPositive else {
            throw MarketDataError.badResponse(symbol: symbol, provider: displayName, reason: "the quote has no price")
        }
        let zone = TradingDay.zone(Self.timeZone)
        let day = fields["07. latest trading day"].flatMap { CalendarDate(iso8601: $0) }
        let marketTime = day.map { $0.startOfDay(in: zone).addingTimeInterval(16 * 3600) } ?? timing.now()
        return PriceQuote(
            symbol: fields["01. symbol"]?.uppercased() ?? symbol, price: price, currency: "USD",
            previousClose: amount("08. previous close"), exchange: nil, exchangeTimeZone: Self.timeZone,
            marketTime: marketTime)
    }

    /// Closes from `TIME_SERIES_DAILY`: the compact series (about 100 days) when `from` is within it, else the full.
    public func history(for symbol: String, from: CalendarDate, to: CalendarDate) async throws -> PriceHistory {
        let symbol = symbol.uppercased()
        let today = CalendarDate(timing.now(), in: TradingDay.zone(Self.timeZone))
        let size = from.days(to: today) > 140 ? "full" : "compact"
        let body = try await query(symbol, ["function": "TIME_SERIES_DAILY", "outputsize": size])
        guard let series = body.dailySeries else {
            throw MarketDataError.unknownSymbol(symbol: symbol, provider: displayName)
        }
        let bars = series.compactMap { day, fields -> DailyBar? in
            guard let date = CalendarDate(iso8601: day), date >= from, date <= to,
                let close = fields["4. close"]?.amount(places: 4), close.isPositive
            else { return nil }
            return DailyBar(date: date, close: close, adjustedClose: nil)
        }
        .sorted { $0.date < $1.date }
        guard !bars.isEmpty else {
            throw MarketDataError.noData(
                symbol: symbol, provider: displayName, reason: "no prices from \(from) to \(to)")
        }
        return PriceHistory(symbol: symbol, currency: "USD", exchangeTimeZone: Self.timeZone, bars: bars)
    }

    private func query(_ symbol: String, _ parameters: KeyValuePairs<String, String>) async throws -> AlphaVantageBody {
        try await query(symbol, items: parameters.map { ($0.key, $0.value) } + [("symbol", symbol)])
    }

    /// Sends `items` (and the key) for `symbol`, the name a refusal gives.
    func query(_ symbol: String, items: [(String, String)]) async throws -> AlphaVantageBody {
        let items = items + [("apikey", apiKey)]
        let request = HTTPRequest.get(baseURL, path: "/query", query: items, headers: ["Accept": "application/json"])
        let response = try await http.send(request, symbol: symbol, provider: displayName)
        guard response.isSuccess else {
            throw MarketDataError.status(response, symbol: symbol, provider: displayName, now: timing.now())
        }
        let body: AlphaVantageBody
        do {
            body = try JSONBody.decode(AlphaVantageBody.self, from: response)
        } catch {
            if MarketDataError.isHTML(response) {
                throw MarketDataError.unavailable(
                    symbol: symbol, provider: displayName, reason: "it answered an HTML page")
            }
            throw MarketDataError.badResponse(symbol: symbol, provider: displayName, reason: "\(error)")
        }
        if let refusal = body.refusal {
            throw MarketDataError.rateLimited(
                symbol: symbol, provider: displayName, retryAfter: nil, reason: Self.firstSentence(refusal))
        }
        if body.errorMessage != nil { throw MarketDataError.unknownSymbol(symbol: symbol, provider: displayName) }
        return body
    }

    /// The notice's first sentence: enough to say why, without its advertisement.
    static func firstSentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let end = trimmed.range(of: ". ") else { return trimmed }
        return String(trimmed[..<end.lowerBound]) + "."
    }
}
