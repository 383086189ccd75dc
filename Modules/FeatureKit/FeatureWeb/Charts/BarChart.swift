/// A horizontal bar chart as inline SVG (shares of a whole: allocations, weights). Each bar carries its
/// label and value as text, so the chart reads without colour.
public struct BarChart: Sendable {
    /// The bars: label, value (a fraction of the whole), and the value as shown.
    public var bars: [(label: String, value: Double, text: String)]
    /// The title, also the SVG's accessible name.
    public var title: String

    /// Creates a chart.
    public init(title: String, bars: [(label: String, value: Double, text: String)]) {
        self.title = title
        self.bars = bars
    }

    /// The SVG element.
    public func render(width: Int = 720) -> HTML {
        let rowHeight = 28
        let height = 40 + bars.count * rowHeight
        let labelWidth = 300.0
        let plot = Double(width) - labelWidth - 80
        let largest = max(bars.map(\.value).max() ?? 0, 1e-12)
        let rows = bars.enumerated().html { index, bar in
            let y = 30 + index * rowHeight
            let length = max(0, bar.value / largest * plot)
            return """
                <text x="\(Int(labelWidth - 8))" y="\(y + 17)" text-anchor="end">\(String(bar.label.prefix(40)))</text>\
                <rect x="\(Int(labelWidth))" y="\(y + 4)" width="\(Int(length.rounded()))" height="\(rowHeight - 10)" fill="#1f77b4"/>\
                <text x="\(Int(labelWidth + length) + 6)" y="\(y + 17)">\(bar.text)</text>
                """
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="\(title)" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">\
            <rect width="100%" height="100%" fill="white"/><text x="10" y="20" font-size="15" font-weight="bold">\(title)</text>\(rows)</svg>
            """
    }
}
