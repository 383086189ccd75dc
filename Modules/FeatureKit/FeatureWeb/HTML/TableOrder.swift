/// A table's order as a page's address says it (`?sort=price`, `?sort=-price` for descending), so sorting is a
/// plain link that works without JavaScript, can be bookmarked, and is read by the server.
public struct TableOrder: Sendable, Equatable {
    /// The column's key.
    public var key: String
    /// Largest (or latest) first.
    public var descending: Bool

    /// Creates an order.
    public init(key: String, descending: Bool) {
        self.key = key
        self.descending = descending
    }

    /// The order `text` asks for among `keys`, else `fallback`: an unknown key falls back rather than failing,
    /// since a sort link is navigation, not input to refuse.
    public init(_ text: String?, keys: [String], fallback: TableOrder) {
        let descending = text?.hasPrefix("-") == true
        let key = String((text ?? "").drop { $0 == "-" })
        self = keys.contains(key) ? TableOrder(key: key, descending: descending) : fallback
    }

    /// The `sort` value of this order.
    public var parameter: String { (descending ? "-" : "") + key }

    /// `rows` in this order: `ascending(a, b)` says whether `a` comes before `b` in the column `key`, ascending.
    /// Equal rows keep the order they came in.
    public func sorted<Row>(_ rows: [Row], by ascending: [String: (Row, Row) -> Bool]) -> [Row] {
        guard let before = ascending[key] else { return rows }
        let indexed = Array(rows.enumerated())
        return indexed.sorted { left, right in
            if before(left.element, right.element) { return !descending }
            if before(right.element, left.element) { return descending }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// A column heading that sorts by `key`: a link to `link(sort)`, ascending first, or reversed when the table is
    /// already in that column's order; `aria-sort` says the current order to assistive technology.
    public func heading(_ title: String, key: String, numeric: Bool = false, link: (String) -> String) -> HTML {
        let active = key == self.key
        let next = active && !descending ? "-" + key : key
        let state: HTML = active ? " aria-sort=\"\(descending ? "descending" : "ascending")\"" : .empty
        let arrow: HTML = active ? (descending ? " ▼" : " ▲") : .empty
        let className: HTML = numeric ? " class=\"num\"" : .empty
        return "<th scope=\"col\"\(className)\(state)><a href=\"\(link(next))\">\(title)\(arrow)</a></th>"
    }
}

/// One page of a long list (`?page=2`), with "Showing 21–40 of 312" and previous/next links that work without
/// JavaScript.
public struct PageSlice: Sendable, Equatable {
    /// The page shown, from 1 (past the last page: the last page).
    public var page: Int
    /// Rows a page holds.
    public var size: Int
    /// Rows in all.
    public var total: Int

    /// The page `text` asks for of `total` rows; anything but a page number is the first page.
    public init(_ text: String?, size: Int, total: Int) {
        let pages = max(1, (total + size - 1) / size)
        self.page = min(max(1, Int(text ?? "") ?? 1), pages)
        self.size = size
        self.total = total
    }

    /// The range of rows on this page.
    public var range: Range<Int> { min(total, (page - 1) * size)..<min(total, page * size) }

    /// The rows of this page.
    public func rows<Row>(_ all: [Row]) -> [Row] { Array(all[range]) }

    /// "Showing 21–40 of 312" with previous and next links built by `link(page)`; nothing on a one-page list.
    public func navigation(noun: String, link: (Int) -> String) -> HTML {
        guard total > size else { return .empty }
        let previous: HTML = page > 1 ? "<a href=\"\(link(page - 1))\" rel=\"prev\">← Previous</a>" : .empty
        let next: HTML = range.upperBound < total ? "<a href=\"\(link(page + 1))\" rel=\"next\">Next →</a>" : .empty
        return
            "<nav class=\"pager\" aria-label=\"Pages of \(noun)\">\(previous) <span>Showing \(range.lowerBound + 1)–\(range.upperBound) of \(total) \(noun)</span> \(next)</nav>"
    }
}
