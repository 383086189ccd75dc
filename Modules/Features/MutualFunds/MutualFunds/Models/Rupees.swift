import Money

/// Rupee amounts as India writes them (CLDR `en-IN`): the last three digits, then groups of two —
/// `₹1,23,45,678.90`, `-₹5,000.00`. JSON keeps plain numbers; this is for people.
public enum Rupees {
    /// `value` rounded half to even to `places`, with the rupee sign and Indian grouping; the sign before the
    /// symbol, none when the value rounds to zero.
    public static func format(_ value: Amount, places: Int = 2, sign: SignStyle = .negativeOnly) -> String {
        let plain = value.formatted(places: places, grouping: false, sign: sign)
        var rest = Substring(plain)
        var prefix = ""
        if let first = rest.first, first == "-" || first == "+" {
            prefix = String(first)
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return prefix + "₹" + grouped(String(parts.first ?? "0")) + fraction
    }

    /// Whole-number digits grouped the Indian way: `12345678` → `1,23,45,678`.
    public static func grouped(_ digits: String) -> String {
        guard digits.count > 3 else { return digits }
        let head = Array(digits.dropLast(3))
        var text = ""
        for (index, digit) in head.enumerated() {
            if index > 0 && (head.count - index) % 2 == 0 { text += "," }
            text.append(digit)
        }
        return text + "," + digits.suffix(3)
    }

    /// A chart's axis value (a `Double` coordinate) as rupees: `₹1,23,456.70`; empty when not finite.
    public static func axisLabel(_ value: Double, places: Int = 2) -> String {
        Amount(value, places: places).map { format($0, places: places) } ?? ""
    }
}
