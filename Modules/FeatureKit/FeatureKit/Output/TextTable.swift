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
        var widths = columns.indices.map { index in
            ([columns[index].title] + (rows + footer).map { index < $0.count ? $0[index].text : "" })
                .map(TextWidth.of).max() ?? 0
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
        func line(_ cells: [Cell], header: Bool) -> String {
            columns.indices.map { index -> String in
                let cell = index < cells.count ? cells[index] : Cell("")
                let text = TextWidth.truncate(cell.text, to: widths[index])
                let padded = TextWidth.pad(text, to: widths[index], alignRight: columns[index].alignRight)
                if header { return style.bold(padded) }
                return cell.color.map { style.apply($0, padded) } ?? padded
            }
            .joined(separator: String(repeating: " ", count: gap))
            .trailingSpacesRemoved
        }
        let rule = style.dim(String(repeating: "─", count: min(maxWidth, widths.reduce(0, +) + gap * (widths.count - 1))))
        var lines = [line(columns.map { Cell($0.title) }, header: true), rule]
        lines += rows.map { line($0, header: false) }
        if !footer.isEmpty {
            lines.append(rule)
            lines += footer.map { line($0, header: false) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
