import Foundation
import MarketData
import Money
import Timing

extension AlphaVantageProvider {
    /// A pair's rate from `CURRENCY_EXCHANGE_RATE` as a quote of its symbol (`GBPUSD=X`), priced in the currency
    /// converted to: `{"Realtime Currency Exchange Rate": {"5. Exchange Rate": "1.27120000", "6. Last Refreshed":
    /// "2024-10-14 20:00:01", "7. Time Zone": "UTC", …}}`.
    func exchangeQuote(_ pair: FXPair) async throws -> PriceQuote {
        let body = try await query(
            pair.symbol,
            items: [("function", "CURRENCY_EXCHANGE_RATE"), ("from_currency", pair.from), ("to_currency", pair.to)])
        guard let fields = body.exchangeRate, !fields.isEmpty else {
            throw MarketDataError.unknownSymbol(symbol: pair.symbol, provider: displayName)
        }
        guard let text = fields["5. Exchange Rate"], let decimal = Decimal(string: text),
            let rate = WireNumber(decimal).amount(places: 8), rate.isPositive
        else {
            throw MarketDataError.badResponse(
                symbol: pair.symbol, provider: displayName, reason: "the answer has no exchange rate")
        }
        let zone = TradingDay.zone(fields["7. Time Zone"] ?? "UTC")
        let refreshed = fields["6. Last Refreshed"].flatMap { Self.time($0, in: zone) }
        return PriceQuote(
            symbol: pair.symbol, price: rate, currency: fields["3. To_Currency Code"]?.uppercased() ?? pair.to,
            previousClose: nil, exchange: nil, exchangeTimeZone: zone.identifier,
            marketTime: refreshed ?? timing.now(), name: "\(pair.from)/\(pair.to)")
    }

    /// `2024-10-14 20:00:01` read in `zone`.
    static func time(_ text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(separator: " ")
        guard let day = parts.first.flatMap({ CalendarDate(iso8601: String($0)) }) else { return nil }
        let clock = parts.count > 1 ? parts[1].split(separator: ":").compactMap { Int($0) } : []
        let seconds = clock.enumerated().reduce(0) { $0 + $1.element * [3600, 60, 1][min($1.offset, 2)] }
        return day.startOfDay(in: zone).addingTimeInterval(TimeInterval(seconds))
    }
}
