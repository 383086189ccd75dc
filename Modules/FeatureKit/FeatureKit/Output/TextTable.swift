/// A table for people: a header row, aligned columns (numbers right), an optional separated totals row,
/// widths measured in terminal columns so `₹`, CJK and emoji line up.
public struct TextTable: Sendable {
    /// A column's heading and alignment.
    public struct Column: Sendable {
        /// The heading.
        public var title: String
        /// Right-aligned (numbers) or left-aligned (text).
        public var alignRight: Bool
        /// Whether this column is the first to be shortened when the table is too wide.
        public var truncatable: Bool

        /// Creates a column.
        public init(_ title: String, alignRight: Bool = false, truncatable: Bool = false) {
            self.title = title
            self.alignRight = alignRight
            self.truncatable = truncatable
        }

        /// A right-aligned column for numbers.
        public static func number(_ title: String) -> Column { Column(title, alignRight: true) }

        /// A left-aligned text column that may be shortened to fit the terminal.
        public static func text(_ title: String, truncatable: Bool = false) -> Column {
            Column(title, truncatable: truncatable)
        }
    }

    /// A cell: its text and an optional colour.
    public struct Cell: Sendable, ExpressibleByStringLiteral {
        /// The text.
        public var text: String
        /// The colour on a colour terminal.
        public var color: Style.Color?

        /// Creates a cell.
        public init(_ text: String, color: Style.Color? = nil) {
            self.text = text
            self.color = color
        }

        /// A plain cell from a literal.
        public init(stringLiteral value: String) { self.init(value) }

        /// A cell coloured green for a positive sign, red for negative.
        public static func trend(_ text: String, sign: Int) -> Cell {
            Cell(text, color: sign > 0 ? .green : sign < 0 ? .red : nil)
        }
    }

    /// The columns.
    public var columns: [Column]
    /// The body rows.
    public var rows: [[Cell]]
    /// Rows shown after a separator (totals).
    public var footer: [[Cell]]

    /// Creates a table.
    public init(columns: [Column], rows: [[Cell]] = [], footer: [[Cell]] = []) {
        self.columns = columns
        self.rows = rows
        self.footer = footer
    }

    /// Appends a body row.
    public mutating func append(_ row: [Cell]) { rows.append(row) }

    /// The table as text, fitted to `maxWidth` columns by shortening truncatable columns.
    public func render(style: Style, maxWidth: Int = 100) -> String {
        // Each cell is measured once, and lines are written as bytes into one buffer: a 10,000-row table is
        // a megabyte of text, and per-cell Strings and repeated grapheme walks dominated its cost.
        let body = rows + footer
        let columnCount = columns.count
        var cellWidths = [Int](repeating: 0, count: body.count * columnCount)
        var widths = columns.map { TextWidth.of($0.title) }
        for (rowIndex, row) in body.enumerated() {
            for index in 0..<min(row.count, columnCount) {
                let width = TextWidth.of(row[index].text)
                cellWidths[rowIndex * columnCount + index] = width
                widths[index] = max(widths[index], width)
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
        // The rule spans the rows, also when columns could not shrink enough to fit `maxWidth`.
        let rule = style.dim(String(repeating: "─", count: widths.reduce(0, +) + gap * max(0, widths.count - 1)))
        var output: [UInt8] = []
        output.reserveCapacity((widths.reduce(0, +) + gap * columnCount + 1) * (body.count + 3) + 2 * rule.utf8.count)
        let space = UInt8(ascii: " ")

        func append(_ cells: [Cell], measured: (Int) -> Int, header: Bool) {
            let lineStart = output.count
            for index in 0..<columnCount {
                if index > 0 { output.append(contentsOf: repeatElement(space, count: gap)) }
                var text = index < cells.count ? cells[index].text : ""
                var width = index < cells.count ? measured(index) : 0
                if width > widths[index], widths[index] > 0 {
                    (text, width) = TextWidth.cut(text, to: widths[index])
                }
                let padding = max(0, widths[index] - width)
                let color = header ? Style.Color.bold : index < cells.count ? cells[index].color : nil
                if let color, style.colorEnabled {
                    let padded =
                        columns[index].alignRight
                        ? String(repeating: " ", count: padding) + text : text + String(repeating: " ", count: padding)
                    output.append(contentsOf: style.apply(color, padded).utf8)
                } else if columns[index].alignRight {
                    output.append(contentsOf: repeatElement(space, count: padding))
                    output.append(contentsOf: text.utf8)
                } else {
                    output.append(contentsOf: text.utf8)
                    output.append(contentsOf: repeatElement(space, count: padding))
                }
            }
            removeTrailingSpaces(&output, from: lineStart)
            output.append(UInt8(ascii: "\n"))
        }

        append(columns.map { Cell($0.title) }, measured: { TextWidth.of(columns[$0].title) }, header: true)
        output.append(contentsOf: rule.utf8)
        output.append(UInt8(ascii: "\n"))
        for (rowIndex, row) in rows.enumerated() {
            append(row, measured: { cellWidths[rowIndex * columnCount + $0] }, header: false)
        }
        if !footer.isEmpty {
            output.append(contentsOf: rule.utf8)
            output.append(UInt8(ascii: "\n"))
            for (offset, row) in footer.enumerated() {
                let rowIndex = rows.count + offset
                append(row, measured: { cellWidths[rowIndex * columnCount + $0] }, header: false)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Drops the spaces ending the line that starts at `lineStart`, as `String`'s `last == " "` would.
///
/// A space byte is its own grapheme unless a prepended mark (e.g. U+0600) joins it to the one before, which
/// bytes cannot see; when non-ASCII text precedes the spaces the line is checked as graphemes instead.
private func removeTrailingSpaces(_ output: inout [UInt8], from lineStart: Int) {
    var end = output.count
    while end > lineStart, output[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end < output.count else { return }
    if end > lineStart, output[end - 1] >= 0x80 {
        var line = String(decoding: output[lineStart...], as: UTF8.self)
        while line.last == " " { line.removeLast() }
        output.replaceSubrange(lineStart..., with: line.utf8)
    } else {
        output.removeSubrange(end...)
    }
}
