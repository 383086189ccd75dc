import Foundation
import Money
import Timing

extension SimulatedMarket {
    /// The simulated market's exchange rates: US dollars per unit of each currency, fixed (a practice market has
    /// no currency risk to simulate). A pair's rate is `usdPer[from] / usdPer[to]`, rounded half-even to 6 places.
    public static let dollarsPerUnit: [String: Amount] = [
        "USD": 1, "GBP": Amount(127, places: 2), "EUR": Amount(109, places: 2), "CHF": Amount(113, places: 2),
        "CAD": Amount(73, places: 2), "AUD": Amount(66, places: 2), "JPY": Amount(67, places: 4),
        "INR": Amount(12, places: 3),
    ]

    /// The fixed rate of `pair`, nil for a currency the table lacks.
    public static func rate(_ pair: FXPair) -> Amount? {
        guard let from = dollarsPerUnit[pair.from], let to = dollarsPerUnit[pair.to] else { return nil }
        return try? from.divided(by: to, places: 6, rounding: .halfEven)
    }

    /// The quote of a pair's symbol (`GBPUSD=X`) from the fixed table.
    /// - Throws: ``MarketDataError/unknownSymbol(symbol:provider:)`` for a currency the table lacks.
    func fxQuote(_ pair: FXPair) throws -> PriceQuote {
        guard let rate = Self.rate(pair) else {
            throw MarketDataError.unknownSymbol(symbol: pair.symbol, provider: displayName)
        }
        return PriceQuote(
            symbol: pair.symbol, price: rate, currency: pair.to, previousClose: rate, exchange: "SIM",
            exchangeTimeZone: timeZone.identifier, marketTime: timing.now(), name: "\(pair.from)/\(pair.to)")
    }

    /// Every weekday from `from` to `to` at the pair's fixed rate.
    func fxHistory(_ pair: FXPair, from: CalendarDate, to: CalendarDate) throws -> PriceHistory {
        let rate = try fxQuote(pair).price
        var bars: [DailyBar] = []
        var day = from
        while day <= to {
            if day.weekday <= 5 { bars.append(DailyBar(date: day, close: rate, adjustedClose: rate)) }
            day = day.adding(days: 1)
        }
        return PriceHistory(symbol: pair.symbol, currency: pair.to, exchangeTimeZone: timeZone.identifier, bars: bars)
    }
}
