import FeatureKit

/// A table laid out like FeatureKit's `TextTable` (bold header, rule, aligned columns two spaces apart,
/// a separated totals row, the truncatable column shortened to fit), measuring plain-ASCII cells by their
/// byte count.
///
/// `TextTable` measures every cell grapheme by grapheme, several times; for a 10,000-ETF portfolio that is
/// most of a second, so the report lays out its own rows and uses `TextWidth` only for non-ASCII text.
struct ReportTable {
    var columns: [TextTable.Column]
    var rows: [[TextTable.Cell]]
    var footer: [[TextTable.Cell]] = []

    func render(style: Style, maxWidth: Int) -> String {
        let all = rows + footer
        var widths = columns.map { ReportTable.width(of: $0.title) }
        for row in all {
            for index in columns.indices where index < row.count {
                widths[index] = max(widths[index], ReportTable.width(of: row[index].text))
            }
        }
        let gap = 2
        let total = widths.reduce(0, +) + gap * max(0, widths.count - 1)
        if total > maxWidth {
            var excess = total - maxWidth
            for index in columns.indices where columns[index].truncatable && excess > 0 {
                let cut = min(excess, max(0, widths[index] - 12))
                widths[index] -= cut
                excess -= cut
            }
        }
        // Bytes, not String concatenation: a 10,000-row table is a megabyte of text.
        var output: [UInt8] = []
        output.reserveCapacity((widths.reduce(0, +) + gap * widths.count + 1) * (all.count + 3))
        let space = UInt8(ascii: " ")
        func append(_ cells: [TextTable.Cell], header: Bool) {
            let lineStart = output.count
            for index in columns.indices {
                let cell = index < cells.count ? cells[index] : TextTable.Cell("")
                var text = cell.text
                var width = ReportTable.width(of: text)
                if width > widths[index] {
                    text = TextWidth.truncate(text, to: widths[index])
                    width = ReportTable.width(of: text)
                }
                if index > 0 {
                    output.append(space)
                    output.append(space)
                }
                let padding = max(0, widths[index] - width)
                let styled = header || cell.color != nil
                if styled {
                    let padded = columns[index].alignRight
                        ? String(repeating: " ", count: padding) + text : text + String(repeating: " ", count: padding)
                    output += (header ? style.bold(padded) : style.apply(cell.color!, padded)).utf8
                } else if columns[index].alignRight {
                    output += repeatElement(space, count: padding)
                    output += text.utf8
                } else {
                    output += text.utf8
                    output += repeatElement(space, count: padding)
                }
            }
            while output.count > lineStart, output.last == space { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }
        let rule = Array((style.dim(String(repeating: "─", count: min(maxWidth, widths.reduce(0, +) + gap * (widths.count - 1)))) + "\n").utf8)
        append(columns.map { TextTable.Cell($0.title) }, header: true)
        output += rule
        for row in rows { append(row, header: false) }
        if !footer.isEmpty {
            output += rule
            for row in footer { append(row, header: false) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Terminal columns: the byte count for ASCII, `TextWidth` otherwise.
    static func width(of text: String) -> Int {
        let utf8 = text.utf8
        return utf8.allSatisfy({ $0 < 0x80 }) ? utf8.count : TextWidth.of(text)
    }
}
