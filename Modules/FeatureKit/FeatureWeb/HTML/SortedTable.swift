/// A column of a ``SortedTable``: its title, the key its `?sort=` link carries, and how two rows compare in it,
/// ascending (nil: the column does not sort, like a column of buttons).
public struct TableColumn<Row>: Sendable {
    /// The heading.
    public var title: String
    /// The `sort` value of the column.
    public var key: String
    /// Right-aligned figures.
    public var numeric: Bool
    /// Whether the first row comes before the second, ascending.
    public var ascending: (@Sendable (Row, Row) -> Bool)?

    /// Creates a column.
    public init(
        _ title: String, key: String = "", numeric: Bool = false, ascending: (@Sendable (Row, Row) -> Bool)? = nil
    ) {
        self.title = title
        self.key = key
        self.numeric = numeric
        self.ascending = ascending
    }
}

/// A long table sorted by its headings' links (`?sort=key`, `?sort=-key`, with `aria-sort`) and, with a page
/// size, paged (`?page=2`, "Showing 21–40 of 312"): plain links, so it works without JavaScript and every view
/// has an address. Built on ``TableOrder`` and ``PageSlice``.
public struct SortedTable<Row> {
    /// The columns, in order.
    public var columns: [TableColumn<Row>]
    /// The table's `id`.
    public var id: String
    /// What the rows are, for the pager ("schemes").
    public var noun: String
    /// The order the address asks for.
    public var order: TableOrder
    /// The page shown, when paged.
    public var slice: PageSlice?
    /// The rows of the page shown, in order.
    public var rows: [Row]
    /// The link of a query (`sort=-nav&page=2`), keeping the page's other parameters.
    public var link: (String) -> String
    /// The caption of an empty table.
    public var empty: String?
    /// The cells of a row.
    public var cells: (Row) -> [HTML]
    /// A last row that never sorts (totals), on every page.
    public var total: [HTML]?
    /// The query parameters of the order and the page: two tables on one page need their own.
    public var parameters: (sort: String, page: String)

    /// Sorts `rows` as `sort` asks (else `fallback`; nil keeps their order) and keeps page `page` of `pageSize`
    /// (nil: every row).
    /// - Parameters:
    ///   - link: The address of a query such as `sort=-nav&page=2`, keeping the page's other parameters.
    ///   - parameters: The names of the order's and the page's query parameters (`sort`, `page`).
    public init(
        columns: [TableColumn<Row>], rows: [Row], id: String, noun: String, pageSize: Int? = nil,
        fallback: TableOrder? = nil, sort: String?, page: String? = nil, link: @escaping (String) -> String,
        empty: String? = nil, total: [HTML]? = nil, parameters: (sort: String, page: String) = ("sort", "page"),
        cells: @escaping (Row) -> [HTML]
    ) {
        let sortable = columns.filter { $0.ascending != nil }
        let keep = TableOrder(key: "", descending: false)
        let order = TableOrder(sort, keys: sortable.map(\.key), fallback: fallback ?? keep)
        var comparisons: [String: (Row, Row) -> Bool] = [:]
        for column in sortable { comparisons[column.key] = column.ascending }
        let sorted = order.sorted(rows, by: comparisons)
        let slice = pageSize.map { PageSlice(page, size: $0, total: sorted.count) }
        self.columns = columns
        self.id = id
        self.noun = noun
        self.order = order
        self.slice = slice
        self.rows = slice.map { $0.rows(sorted) } ?? sorted
        self.link = link
        self.empty = empty
        self.cells = cells
        self.total = total
        self.parameters = parameters
    }

    /// The `sort=…` part of the links, empty while the rows keep their own order.
    private var sortQuery: String { order.key.isEmpty ? "" : "\(parameters.sort)=\(order.parameter)" }

    /// The table and, when paged, its pager.
    public var html: HTML {
        var headings: [Int: HTML] = [:]
        for (index, column) in columns.enumerated() where column.ascending != nil {
            headings[index] = order.heading(column.title, key: column.key, numeric: column.numeric) {
                link("\(parameters.sort)=\($0)")
            }
        }
        let numeric = Set(columns.indices.filter { columns[$0].numeric })
        let table = Components.table(
            caption: rows.isEmpty ? empty : nil, headers: columns.map(\.title), numeric: numeric,
            rows: rows.map(cells) + (total.map { [$0] } ?? []), id: id,
            headings: headings)
        guard let slice else { return table }
        let prefix = sortQuery.isEmpty ? "" : sortQuery + "&"
        return table + slice.navigation(noun: noun) { link(prefix + "\(parameters.page)=\($0)") }
    }
}
