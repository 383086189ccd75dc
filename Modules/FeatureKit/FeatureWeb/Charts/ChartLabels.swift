/// Axis labels for charts on pages (chart coordinates are `Double`; money figures never go through here).
public enum ChartLabels {
    /// A whole number with thousands separators: `-48,032`.
    public static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let whole = Int(value.rounded())
        let digits = Array(String(whole.magnitude))
        var text = whole < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// Whole money with the sign before the symbol, as every other figure writes it: `-£48,032`.
    public static func money(_ value: Double, symbol: String) -> String {
        let text = grouped(value)
        return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }
}
