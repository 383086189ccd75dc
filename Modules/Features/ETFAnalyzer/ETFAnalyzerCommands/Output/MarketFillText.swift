import ETFAnalyzer
import FeatureKit
import Foundation
import Money

/// The terminal's account of `analyze --live`: each filled price with its day and provider, and the dividends
/// actually paid beside the yield-based income the report computes.
enum MarketFillText {
    static func render(_ report: PortfolioReport, text: ReportText, style: Style) -> String {
        guard !report.market.isEmpty else { return "" }
        var lines = ["", style.bold("Market data") + style.dim(" (empty prices filled in; typed prices win)")]
        for fill in report.market {
            guard fill.row - 1 < report.etfs.count else { continue }
            let etf = report.etfs[fill.row - 1]
            var parts: [String] = []
            if let price = fill.purchasePrice, let day = fill.purchasePriceDate {
                parts.append("bought at \(text.price(price)) (close of \(day))")
            }
            if let price = fill.currentPrice, let day = fill.currentPriceDate {
                parts.append("now \(text.price(price)) (close of \(day))")
            }
            parts.append(
                "dividends paid \(text.money(fill.dividendIncome)) (\(text.price(fill.dividendsPerShare)) a share) "
                    + "vs \(text.money(etf.yieldIncome)) from the yield")
            var line = "  \(etf.holding.name) [\(fill.symbol)]: " + parts.joined(separator: "; ")
            line += " — \(fill.provider)" + (fill.stale ? ", STALE" : "")
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
