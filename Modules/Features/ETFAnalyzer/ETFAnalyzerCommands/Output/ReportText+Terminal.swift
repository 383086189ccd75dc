import ETFAnalyzer
import FeatureKit
import Foundation

extension ReportText {
    /// The text for `report`, its money named as FeatureKit names every currency.
    init(currency: String) {
        self.init(symbol: NumberFormat.currencySymbol(currency))
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
}
