import ETFAnalyzer
import FeatureKit
import Foundation

/// How figures read in the human formats (table and Markdown), so both say the same thing the same way.
struct ReportText {
    /// The ISO code, e.g. `USD`.
    var currency: String
    /// Its symbol, looked up once: `$`.
    let symbol: String

    init(currency: String) {
        self.currency = currency
        symbol = NumberFormat.currencySymbol(currency)
    }

    func money(_ value: Decimal) -> String { FastNumberFormat.money(value, symbol: symbol) }

    func signedMoney(_ value: Decimal) -> String { FastNumberFormat.signedMoney(value, symbol: symbol) }

    /// A price with two decimals, or up to four when the price has them (`$68.2045`).
    func price(_ value: Decimal) -> String {
        let places = min(4, max(2, -Int(value.exponent)))
        return FastNumberFormat.money(value, symbol: symbol, fractionDigits: places)
    }

    /// A return or rate: `+12.34%`.
    func percent(_ fraction: Decimal) -> String { FastNumberFormat.percent(fraction) }

    /// A share of a whole: `39.74%`.
    func share(_ fraction: Decimal) -> String { FastNumberFormat.percent(fraction, signed: false) }

    /// An expense ratio or yield as the user wrote it, in percent: `0.03%`.
    func rate(percent: Decimal) -> String {
        FastNumberFormat.decimal(percent, fractionDigits: max(2, -Int(percent.exponent))) + "%"
    }

    /// `text` broken into lines of at most `width` columns at spaces, each after `indent`.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TextWidth.of(indent + candidate) > width, !current.isEmpty {
                lines.append(indent + current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines
    }

    /// The weighted expense ratio, with three decimals because ratios are often 0.0x %.
    func expenseRatio(_ fraction: Decimal) -> String { FastNumberFormat.percent(fraction, fractionDigits: 3, signed: false) }

    /// Shares as written, with grouping: `1,250` or `12.5`.
    func shares(_ value: Decimal) -> String {
        FastNumberFormat.decimal(value, fractionDigits: max(0, -Int(value.exponent)))
    }

    /// Days as a grouped integer.
    func days(_ value: Int) -> String {
        FastNumberFormat.format(
            DecimalComponents(isNegative: value < 0, significand: UInt128(value.magnitude), exponent: 0),
            fractionDigits: 0, grouping: true) ?? "\(value)"
    }

    /// The annualized return with its caveat marker: `+11.26%`, `+42.99%*` (under a year), `—` (none).
    func annualized(_ etf: ETFAnalysis) -> String {
        guard let value = etf.annualizedReturn else { return "—" }
        return percent(value) + (etf.isUnderAYear ? "*" : "")
    }

    /// The annualized return spelt out for detail views.
    func annualizedLong(_ etf: ETFAnalysis) -> String {
        guard let value = etf.annualizedReturn else {
            return etf.daysHeld == 0 ? "not shown (held 0 days)" : "not shown (the loss exceeds the investment)"
        }
        return percent(value) + (etf.isUnderAYear ? " (under a year)" : "")
    }

    /// The sign of a figure for colour.
    static func sign(_ value: Decimal) -> Int { value > 0 ? 1 : value < 0 ? -1 : 0 }

    /// The notes under the ETF table explaining markers that appear in it.
    func footnotes(_ report: PortfolioReport) -> [String] {
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
    func divergenceNote(_ summary: PortfolioSummary) -> String? {
        guard let weighted = summary.weightedAnnualReturn, let own = summary.annualizedReturn else { return nil }
        let gap = abs(DecimalMath.double(weighted - own))
        guard gap >= 0.01 else { return nil }
        let points = NumberFormat.decimal(Decimal(gap * 100), fractionDigits: 2)
        return "The weighted figure differs from the portfolio's own return by \(points) points: it averages "
            + "rates over different periods, and short holdings' annualized returns extrapolate."
    }

    /// What the analysis is as of: one date, or the range when rows carry their own.
    func asOf(_ report: PortfolioReport) -> String {
        if let date = report.commonAnalysisDate { return "as of \(date)" }
        let dates = report.etfs.map(\.analysisDate)
        guard let first = dates.min(), let last = dates.max() else { return "" }
        return "analysis dates \(first) to \(last)"
    }

    /// The allocation bars: the largest positions, the rest gathered into one line.
    func allocationRows(_ report: PortfolioReport, limit: Int = 15) -> [(label: String, fraction: Decimal)] {
        // Doubles order the shares as well as Decimals do here, at a fraction of the cost of Decimal's `<`.
        let keys = report.etfs.map { DecimalMath.double($0.allocation) }
        let order = report.etfs.indices.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }
        let sorted = order.map { report.etfs[$0] }
        guard sorted.count > limit else { return sorted.map { ($0.holding.name, $0.allocation) } }
        let shown = sorted.prefix(limit - 1)
        let rest = sorted.dropFirst(limit - 1)
        let restShare = Decimal(1) - shown.reduce(Decimal(0)) { $0 + $1.allocation }
        return shown.map { ($0.holding.name, $0.allocation) } + [("\(rest.count) other ETFs", restShare)]
    }

    /// A bar of `width` cells for a fraction, in eighths so small shares still show.
    static func bar(_ fraction: Decimal, width: Int) -> String {
        let eighths = Int((DecimalMath.double(fraction) * Double(width * 8)).rounded())
        let clamped = max(0, min(width * 8, eighths))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: clamped / 8) + partials[clamped % 8]
        let used = clamped / 8 + (clamped % 8 > 0 ? 1 : 0)
        text += String(repeating: "·", count: width - used)
        return text
    }
}
