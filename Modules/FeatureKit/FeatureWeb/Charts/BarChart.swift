import Foundation

/// A horizontal bar chart of shares of a whole (allocations, weights). Labels and values are page text, sized by
/// the stylesheet, and only the bars are drawn (SVG without text, stretched to the row's width), so the chart reads
/// at every width, and without colour: each bar carries its label and value as text.
public struct BarChart: Sendable {
    /// The bars: label, value (a fraction of the whole), and the value as shown.
    public var bars: [(label: String, value: Double, text: String)]
    /// The title, also the chart's accessible name.
    public var title: String

    /// Creates a chart.
    public init(title: String, bars: [(label: String, value: Double, text: String)]) {
        self.title = title
        self.bars = bars
    }

    /// The chart's markup.
    public func render() -> HTML {
        let largest = max(bars.map(\.value).max() ?? 0, 1e-12)
        let rows = bars.html { bar in
            // To a hundredth, as Swift prints a Double (`33.33`, `100.0`): a C format string cost more than the bar.
            let length = String((max(0, bar.value / largest * 100) * 100).rounded() / 100)
            return """
                <li class="bar-row"><span class="bar-label">\(String(bar.label.prefix(60)))</span>\
                <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">\
                <rect width="\(length)" height="10" fill="#1d4ed8"/></svg>\
                <span class="bar-value">\(bar.text)</span></li>
                """
        }
        return
            "<div class=\"bar-chart\" role=\"group\" aria-label=\"\(title)\"><p class=\"bar-title\">\(title)</p><ul>\(rows)</ul></div>"
    }
}
