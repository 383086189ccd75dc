import FeatureWeb

/// The OpenAPI schemas of the JSON routes, property for property as the report values encode: every key is
/// always present (absent figures are `null`, never a missing key), so every property is required and the
/// optional ones are nullable.
enum StocksAPISchema {
    typealias S = OpenAPISchema

    /// ``StockTrading/HoldingRow``.
    static let holding = S.object(
        [
            "symbol": S.string, "name": S.string, "sector": S.string, "quantity": S.integer, "averageCost": S.number,
            "costBasis": S.number, "price": S.nullable(S.number), "value": S.number, "unrealizedPL": S.number,
            "unrealizedPLFraction": S.nullable(S.number), "weight": S.nullable(S.number),
            "priceAsOf": S.nullable(S.dateTime), "stale": S.boolean,
        ],
        required: [
            "symbol", "name", "sector", "quantity", "averageCost", "costBasis", "price", "value", "unrealizedPL",
            "unrealizedPLFraction", "weight", "priceAsOf", "stale",
        ])

    /// ``StockTrading/SessionReport``.
    static let session = S.object(["email": S.string, "since": S.dateTime], required: ["email", "since"])

    /// ``StockTrading/PortfolioReport``.
    static let portfolio = S.object(
        [
            "email": S.string, "currency": S.string, "basis": S.oneOf(["average", "fifo"]), "pricesSource": S.string,
            "pricesAsOf": S.dateTime,
            "pricesStale": S.boolean, "holdings": S.array(holding),
            "totals": S.object(
                [
                    "holdingsValue": S.number, "cash": S.number, "totalValue": S.number, "invested": S.number,
                    "roi": S.nullable(S.number), "costBasis": S.number, "unrealizedPL": S.number,
                    "realizedPL": S.number,
                ],
                required: [
                    "holdingsValue", "cash", "totalValue", "invested", "roi", "costBasis", "unrealizedPL", "realizedPL",
                ]),
        ],
        required: ["email", "currency", "basis", "pricesSource", "pricesAsOf", "pricesStale", "holdings", "totals"])

    /// ``MarketData/ExchangeRate``: the rate a trade in another currency was converted at.
    static let exchangeRate = S.object(
        [
            "from": S.string, "to": S.string, "rate": S.number, "source": S.string, "asOf": S.dateTime,
            "isStale": S.boolean,
        ],
        required: ["from", "to", "rate", "source", "asOf", "isStale"])

    /// ``StockTrading/HistoryRow``.
    static let historyRow = S.object(
        [
            "sequence": S.integer, "timestamp": S.dateTime,
            "side": S.oneOf(["buy", "sell", "deposit", "withdrawal", "split", "dividend"]),
            "symbol": S.nullable(S.string), "quantity": S.nullable(S.integer), "price": S.nullable(S.number),
            "fx": S.nullable(exchangeRate),
            "amount": S.number, "realizedPL": S.nullable(S.number), "cashAfter": S.number, "note": S.nullable(S.string),
        ],
        required: [
            "sequence", "timestamp", "side", "symbol", "quantity", "price", "fx", "amount", "realizedPL", "cashAfter",
            "note",
        ])

    /// ``StockTrading/QuoteRow``.
    static let quote = S.object(
        [
            "symbol": S.string, "name": S.string, "sector": S.string, "price": S.number, "currency": S.string,
            "previousClose": S.nullable(S.number), "dailyChange": S.nullable(S.number),
            "dailyChangeFraction": S.nullable(S.number), "asOf": S.dateTime, "stale": S.boolean,
        ],
        required: [
            "symbol", "name", "sector", "price", "currency", "previousClose", "dailyChange", "dailyChangeFraction",
            "asOf",
            "stale",
        ])
}
