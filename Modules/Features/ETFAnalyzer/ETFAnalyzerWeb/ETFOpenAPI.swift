import FeatureKit
import FeatureWeb

/// The OpenAPI description of `/api/etf/analyze`, property by property as ``ETFAnalyzer/PortfolioReport`` encodes:
/// every key always present, a figure that cannot be worked out (an annualized return for 0 days held) null.
enum ETFOpenAPI {
    /// One `etfs[]` element.
    static let etf = OpenAPISchema.record([
        "name": OpenAPISchema.string, "analysisDate": OpenAPISchema.date, "daysHeld": OpenAPISchema.integer,
        "initialInvestment": OpenAPISchema.number, "currentValue": OpenAPISchema.number,
        "capitalAppreciation": OpenAPISchema.number, "yieldIncome": OpenAPISchema.number,
        "grossReturn": OpenAPISchema.number, "expenses": OpenAPISchema.number, "netReturn": OpenAPISchema.number,
        "totalReturnPercent": OpenAPISchema.number, "annualizedReturn": OpenAPISchema.nullable(OpenAPISchema.number),
        "underAYear": OpenAPISchema.boolean, "weight": OpenAPISchema.number, "allocationPercent": OpenAPISchema.number,
    ])

    /// One fee-drag horizon.
    static let projection = OpenAPISchema.record([
        "valueWithFees": OpenAPISchema.number, "valueWithoutFees": OpenAPISchema.number, "drag": OpenAPISchema.number,
    ])

    /// The `portfolio` object.
    static let portfolio = OpenAPISchema.record([
        "totalInitial": OpenAPISchema.number, "totalCurrent": OpenAPISchema.number,
        "totalCapitalAppreciation": OpenAPISchema.number, "totalYieldIncome": OpenAPISchema.number,
        "totalGrossReturn": OpenAPISchema.number, "totalExpenses": OpenAPISchema.number,
        "totalNetReturn": OpenAPISchema.number, "weightedAnnualReturn": OpenAPISchema.nullable(OpenAPISchema.number),
        "totalReturnPercent": OpenAPISchema.number, "annualizedReturn": OpenAPISchema.nullable(OpenAPISchema.number),
        "meanDaysHeld": OpenAPISchema.number, "weightedExpenseRatio": OpenAPISchema.number,
        "annualFees": OpenAPISchema.number, "growthRate": OpenAPISchema.number,
        "feeDrag": OpenAPISchema.record(["10": projection, "20": projection, "30": projection]),
    ])

    /// One `market[]` element: what the market filled in for a row with a symbol; a price typed or kept is absent.
    static let marketFill = OpenAPISchema.object(
        [
            "row": OpenAPISchema.integer, "symbol": OpenAPISchema.string, "provider": OpenAPISchema.string,
            "currency": OpenAPISchema.string, "purchasePrice": OpenAPISchema.number,
            "purchasePriceDate": OpenAPISchema.date, "currentPrice": OpenAPISchema.number,
            "currentPriceDate": OpenAPISchema.date, "dividendsPerShare": OpenAPISchema.number,
            "dividendIncome": OpenAPISchema.number, "fetchedAt": OpenAPISchema.dateTime,
            "stale": OpenAPISchema.boolean,
        ],
        required: [
            "row", "symbol", "provider", "currency", "dividendsPerShare", "dividendIncome", "fetchedAt", "stale",
        ])

    static let paths: [String: JSONValue] = [
        "/api/etf/analyze": .openAPIGet(
            "A saved portfolio's report, as `folio etf analyze --saved NAME [--as-of DATE] [--live] --format json` "
                + "prints it: computed money at the currency's minor unit, rates as fractions; with `live=1` each "
                + "holding with a symbol is valued at the market's close on its analysis date, and `market` says "
                + "what was filled in. A missing name, an `asOf` that is not YYYY-MM-DD or a `live` that is not 1 or "
                + "0 is refused (422, `field` names it); an unknown name is 404.",
            query: ["saved", "asOf", "live"],
            response: OpenAPISchema.object(
                ["etfs": OpenAPISchema.array(etf), "portfolio": portfolio, "market": OpenAPISchema.array(marketFill)],
                required: ["etfs", "portfolio"]))
    ]
}
