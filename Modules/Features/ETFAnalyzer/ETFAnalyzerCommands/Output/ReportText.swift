import ETFAnalyzer
import FeatureKit
import Foundation
import Money

/// How figures read in the human formats (table and Markdown), so both say the same thing the same way.
struct ReportText {
    /// The ISO code, e.g. `USD`.
    var currency: String

    func money(_ value: Amount) -> String { NumberFormat.money(value, currency: currency) }

    func signedMoney(_ value: Amount) -> String { NumberFormat.signedMoney(value, currency: currency) }

    /// A price with two decimals, or up to four when the price has them (`$68.2045`).
    func price(_ value: Amount) -> String {
        let places = min(4, max(2, value.significantPlaces))
        return NumberFormat.money(value, currency: currency, fractionDigits: places)
    }

    /// A return or rate: `+12.34%`.
    func percent(_ fraction: Amount) -> String { NumberFormat.percent(fraction) }

    /// A share of a whole: `39.74%`.
    func share(_ fraction: Amount) -> String { NumberFormat.percent(fraction, signed: false) }

    /// An expense ratio or yield as the user wrote it, in percent: `0.03%`.
    func rate(percent: Amount) -> String {
        NumberFormat.decimal(percent, fractionDigits: max(2, percent.significantPlaces)) + "%"
    }

    /// `text` in at most `width` columns: when longer, its start and end joined by `…`, the end getting the
    /// larger half because that is where fund names differ (share class, ticker).
    static func middleTruncated(_ text: String, to width: Int) -> String {
        guard width < Int.max, TextWidth.of(text) > width else { return text }
        guard width > 1 else { return "…" }
        let characters = Array(text)
        var tailWidth = 0
        var tailStart = characters.count
        while tailStart > 0 {
            let next = TextWidth.of(String(characters[tailStart - 1]))
            if tailWidth + next > width / 2 { break }
            tailWidth += next
            tailStart -= 1
        }
        var headWidth = 0
        var headEnd = 0
        while headEnd < tailStart {
            let next = TextWidth.of(String(characters[headEnd]))
            if headWidth + next > width - 1 - tailWidth { break }
            headWidth += next
            headEnd += 1
        }
        let head = String(characters[..<headEnd]).trimmingCharacters(in: .whitespaces)
        return head + "…" + String(characters[tailStart...])
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
    func expenseRatio(_ fraction: Amount) -> String { NumberFormat.percent(fraction, fractionDigits: 3, signed: false) }

    /// Shares as written, with grouping: `1,250` or `12.5`.
    func shares(_ value: Amount) -> String {
        NumberFormat.decimal(value, fractionDigits: value.significantPlaces)
    }

    /// Days as a grouped integer.
    func days(_ value: Int) -> String {
        NumberFormat.decimal(Amount(value), fractionDigits: 0)
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
    static func sign(_ value: Amount) -> Int { value.signum }

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
        let gap = abs(weighted.doubleValue - own.doubleValue)
        guard gap >= 0.01 else { return nil }
        let points = NumberFormat.decimal(Amount(gap * 100, places: 2) ?? .zero, fractionDigits: 2)
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
    func allocationRows(_ report: PortfolioReport, limit: Int = 15) -> [(label: String, fraction: Amount)] {
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
    static func bar(_ fraction: Amount, width: Int) -> String {
        let eighths = Int((fraction.doubleValue * Double(width * 8)).rounded())
        let clamped = max(0, min(width * 8, eighths))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: clamped / 8) + partials[clamped % 8]
        let used = clamped / 8 + (clamped % 8 > 0 ? 1 : 0)
        text += String(repeating: "·", count: width - used)
        return text
    }
}
