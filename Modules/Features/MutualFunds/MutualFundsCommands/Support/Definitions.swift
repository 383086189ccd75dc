/// The definitions every analytic follows, stated once and shown in `--help` (and the README).
enum Definitions {
    static let returns = """
        Returns: point-to-point, NAV at the latest date / NAV at the latest date on or before (latest date − \
        period) − 1. Periods are calendar periods counted back from the latest NAV date (1W = 7 days, 1M = one \
        calendar month, 3M, 6M, 1Y, 3Y, 5Y, 10Y); SI (since inception) starts at the first NAV. A period the \
        history does not cover is "n/a" (null in JSON), never 0.
        """
    static let cagr = """
        CAGR (annualized), only for periods of at least one year: (end NAV / start NAV)^(365 / days) − 1, days \
        being the calendar days between the two NAV dates actually used.
        """
    static let volatility = """
        Volatility: the sample standard deviation (n − 1) of the daily simple returns between consecutive NAV \
        points over the last year (from the 1Y start point to the latest NAV), × √252. Needs a year of history.
        """
    static let drawdown = """
        Max drawdown over the range: the largest fall from a running peak, trough / peak − 1, with the peak and \
        trough dates (0 when the NAV never fell).
        """
    static let sharpe = """
        Sharpe (1Y): (1Y point-to-point return − risk-free rate) / volatility. The risk-free rate is \
        FOLIO_FUNDS_RISK_FREE_RATE or funds.riskFreeRate (0.065 or 6.5%), default 0.
        """
    static let coverage = """
        Gaps: a period's start NAV is the latest NAV on or before its start only when it is at most 7 days \
        before it (periods up to 1 year) or at most 5 % of the period before it (3Y: 54 days, 5Y: 91, 10Y: 182); \
        otherwise the figure is "n/a" (null in JSON) and the reason is given. Volatility, max drawdown, Sharpe \
        and each rolling window also need their window without a hole: no two consecutive NAVs in it more than \
        10 times the scheme's usual spacing apart (the median gap between its NAVs, so 10 days for a scheme \
        publishing daily) and never less than 7 days; volatility needs at least 3 NAVs in its year. A chart \
        starts at the range's start NAV; when the history has none (or has a hole in the range), the chart says \
        so and shows only the NAVs dated inside the range.
        """
    static let xirr = """
        XIRR: the annual rate r with Σ CFᵢ / (1 + r)^((dᵢ − d₀) / 365) = 0 (investments negative, the value \
        positive), solved to 1e-10 by Newton's method with a bracketed bisection fallback when Newton fails. \
        When no rate makes the sum change sign it is "not available", never 0.
        """
    // Interpolated, not `[…].joined(separator:)`: that generic call looks up `Array: Collection` by name at
    // run time (a scan of every conformance record on Linux), and this text is built for every funds command.
    static let all =
        "Definitions:\n\n\(returns)\n\n\(cagr)\n\n\(volatility)\n\n\(drawdown)\n\n\(sharpe)\n\n\(coverage)\n\n\(xirr)"
}
