import Foundation
import Money

/// How figures read in the human formats (the terminal's table, the Markdown export), so both say the same thing
/// the same way. Plain text only: styling and fitting to a width are the terminal's.
public struct ReportText: Sendable {
    /// The currency's symbol as money is shown (`$`, `£`, `CHF `). The face passes it in (FeatureKit's
    /// `NumberFormat.currencySymbol`) so every figure in the house names a currency the same way, and the domain
    /// keeps no table of its own.
    public var symbol: String

    /// Creates the text for a report whose money is in the currency shown as `symbol`.
    public init(symbol: String) {
        self.symbol = symbol
    }

    /// Money at two decimals: `$1,234.56`, `-$250.00`.
    public func money(_ value: Amount) -> String { value.formatted(symbol: symbol) }

    /// Money with an explicit sign: `+$12.00`, `-$3.50`, `$0.00`.
    public func signedMoney(_ value: Amount) -> String { value.formatted(symbol: symbol, sign: .always) }

    /// A price with two decimals, or up to four when the price has them (`$68.2045`).
    public func price(_ value: Amount) -> String {
        value.formatted(places: min(4, max(2, value.significantPlaces)), symbol: symbol)
    }

    /// A return or rate: `+12.34%`.
    public func percent(_ fraction: Amount) -> String { Self.percent(fraction, places: 2, sign: .always) }

    /// A share of a whole: `39.74%`.
    public func share(_ fraction: Amount) -> String { Self.percent(fraction, places: 2, sign: .negativeOnly) }

    /// A fraction in percent; `n/a` when a hundredfold is beyond an amount (as FeatureKit's `NumberFormat` says it).
    static func percent(_ fraction: Amount, places: Int, sign: SignStyle) -> String {
        guard let hundredfold = try? fraction * 100 else { return "n/a" }
        return hundredfold.formatted(places: places, sign: sign) + "%"
    }

    /// A count or figure with grouping at `places` decimals: `1,250`.
    public static func decimal(_ value: Amount, places: Int) -> String { value.formatted(places: places) }

    /// An expense ratio or yield as the user wrote it, in percent: `0.03%`.
    public func rate(percent: Amount) -> String {
        percent.formatted(places: max(2, percent.significantPlaces)) + "%"
    }

    /// The weighted expense ratio, with three decimals because ratios are often 0.0x %.
    public func expenseRatio(_ fraction: Amount) -> String { Self.percent(fraction, places: 3, sign: .negativeOnly) }

    /// Shares as written, with grouping: `1,250` or `12.5`.
    public func shares(_ value: Amount) -> String {
        value.formatted(places: value.significantPlaces)
    }

    /// Days as a grouped integer.
    public func days(_ value: Int) -> String {
        Amount(value).formatted(places: 0)
    }

    /// The annualized return with its caveat marker: `+11.26%`, `+42.99%*` (under a year), `—` (none).
    public func annualized(_ etf: ETFAnalysis) -> String {
        guard let value = etf.annualizedReturn else { return "—" }
        return percent(value) + (etf.isUnderAYear ? "*" : "")
    }

    /// The annualized return spelt out for detail views.
    public func annualizedLong(_ etf: ETFAnalysis) -> String {
        guard let value = etf.annualizedReturn else {
            return etf.daysHeld == 0 ? "not shown (held 0 days)" : "not shown (the loss exceeds the investment)"
        }
        return percent(value) + (etf.isUnderAYear ? " (under a year)" : "")
    }

    /// The sign of a figure for colour.
    public static func sign(_ value: Amount) -> Int { value.signum }

    /// The notes under the ETF table explaining markers that appear in it.
    public func footnotes(_ report: PortfolioReport) -> [String] {
        var notes: [String] = []
        if report.etfs.contains(where: { $0.annualizedReturn != nil && $0.isUnderAYear }) {
            notes.append("* held under a year: the annualized return extrapolates a short period.")
        }
        if report.etfs.contains(where: { $0.annualizedReturn == nil }) {
            notes.append("— no annualized return: held 0 days (or the loss exceeds the investment).")
        }
        return notes
    }

    /// A note when the weighted annual return and the portfolio's own return tell different stories.
    public func divergenceNote(_ summary: PortfolioSummary) -> String? {
        guard let weighted = summary.weightedAnnualReturn, let own = summary.annualizedReturn else { return nil }
        let gap = abs(weighted.doubleValue - own.doubleValue)
        guard gap >= 0.01 else { return nil }
        let points = (Amount(gap * 100, places: 2) ?? .zero).formatted(places: 2)
        return "The weighted figure differs from the portfolio's own return by \(points) points: it averages "
            + "rates over different periods, and short holdings' annualized returns extrapolate."
    }

    /// What the analysis is as of: one date, or the range when rows carry their own.
    public func asOf(_ report: PortfolioReport) -> String {
        if let date = report.commonAnalysisDate { return "as of \(date)" }
        let dates = report.etfs.map(\.analysisDate)
        guard let first = dates.min(), let last = dates.max() else { return "" }
        return "analysis dates \(first) to \(last)"
    }

    /// The allocation bars: the largest positions, the rest gathered into one line.
    public func allocationRows(_ report: PortfolioReport, limit: Int = 15) -> [(label: String, fraction: Amount)] {
        let order = report.etfs.indices.sorted { a, b in
            let (x, y) = (report.etfs[a].allocation, report.etfs[b].allocation)
            return x != y ? x > y : a < b
        }
        let sorted = order.map { report.etfs[$0] }
        guard sorted.count > limit else { return sorted.map { ($0.holding.name, $0.allocation) } }
        let shown = sorted.prefix(limit - 1)
        let rest = sorted.dropFirst(limit - 1)
        // Shares are fractions of one, so neither the sum nor the rest can overflow.
        let shownShare = (try? shown.map(\.allocation).sum()) ?? .zero
        let restShare = (try? 1 - shownShare) ?? .zero
        return shown.map { ($0.holding.name, $0.allocation) } + [("\(rest.count) other ETFs", restShare)]
    }

    /// A bar of `width` cells for a fraction, in eighths so small shares still show.
    public static func bar(_ fraction: Amount, width: Int) -> String {
        let eighths = Int((fraction.doubleValue * Double(width * 8)).rounded())
        let clamped = max(0, min(width * 8, eighths))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: clamped / 8) + partials[clamped % 8]
        let used = clamped / 8 + (clamped % 8 > 0 ? 1 : 0)
        text += String(repeating: "·", count: width - used)
        return text
    }
}
