import FeatureKit
import FeatureWeb
import Foundation
import Testing

private struct Fund: Sendable {
    var name: String
    var value: Int
}

private let columns: [TableColumn<Fund>] = [
    TableColumn("Fund", key: "name") { $0.name < $1.name },
    TableColumn("Value", key: "value", numeric: true) { $0.value < $1.value },
    TableColumn(""),
]

private let funds = (1...45).map { Fund(name: String(format: "F%02d", $0), value: ($0 * 37) % 101) }

private func table(sort: String?, page: String? = nil, pageSize: Int? = 20, total: [HTML]? = nil) -> SortedTable<Fund> {
    SortedTable(
        columns: columns, rows: funds, id: "funds", noun: "funds", pageSize: pageSize, sort: sort, page: page,
        link: { "/list?q=x&\($0)" }, total: total
    ) { fund in ["\(fund.name)", "\(fund.value)", "<button>Go</button>"] }
}

@Suite("SortedTable: sort links and pages for every long table")
struct SortedTableTests {
    @Test("rows sort by the column `?sort=` names, descending with a minus; the heading says so with aria-sort")
    func sorts() {
        let descending = table(sort: "-value", pageSize: nil)
        #expect(descending.rows.map(\.value) == funds.map(\.value).sorted(by: >))
        let html = descending.html.markup
        #expect(
            html.contains(
                "<th scope=\"col\" class=\"num\" aria-sort=\"descending\"><a href=\"/list?q=x&amp;sort=value\">Value ▼</a></th>"
            ))
        #expect(html.contains("<th scope=\"col\"><a href=\"/list?q=x&amp;sort=name\">Fund</a></th>"))
        #expect(html.contains("<span class=\"visually-hidden\">Actions</span>"), "a column without a key does not sort")
    }

    @Test("an unknown key, or none, keeps the rows' own order unless a fallback is given")
    func fallback() {
        #expect(table(sort: "price", pageSize: nil).rows.map(\.name) == funds.map(\.name))
        #expect(table(sort: nil, pageSize: nil).rows.map(\.name) == funds.map(\.name))
        let newest = SortedTable(
            columns: columns, rows: funds, id: "funds", noun: "funds",
            fallback: TableOrder(key: "name", descending: true),
            sort: nil, link: { $0 }
        ) { _ in [] }
        #expect(newest.rows.first?.name == "F45")
    }

    @Test("pages of 20 with the order kept in the pager's links; past the last page is the last page")
    func pages() {
        let second = table(sort: "name", page: "2")
        #expect(second.rows.map(\.name).first == "F21" && second.rows.count == 20)
        let html = second.html.markup
        #expect(html.contains("Showing 21–40 of 45 funds"))
        #expect(html.contains("href=\"/list?q=x&amp;sort=name&amp;page=1\" rel=\"prev\""))
        #expect(html.contains("href=\"/list?q=x&amp;sort=name&amp;page=3\" rel=\"next\""))
        #expect(table(sort: "name", page: "99").rows.map(\.name) == ["F41", "F42", "F43", "F44", "F45"])
        #expect(table(sort: "name", page: "x").slice?.page == 1)
    }

    @Test("a total row stays last on every order; two tables on a page use their own parameters")
    func totalAndParameters() {
        let html = table(sort: "-name", pageSize: nil, total: ["Total", "999", ""]).html.markup
        #expect(
            html.hasSuffix(
                "<tr><td>Total</td><td data-label=\"Value\" class=\"num\">999</td><td></td></tr></tbody></table></div>")
        )
        let gains = SortedTable(
            columns: columns, rows: funds, id: "gains", noun: "years", pageSize: 20, sort: "value", page: "2",
            link: { "/p?\($0)" }, parameters: ("gainsSort", "gainsPage")
        ) { fund in ["\(fund.name)", "\(fund.value)", ""] }
        #expect(gains.html.markup.contains("href=\"/p?gainsSort=-value\""))
        #expect(gains.html.markup.contains("href=\"/p?gainsSort=value&amp;gainsPage=3\""))
    }

    @Test("the chart is made focusable by its script only, with the keys told in a hint the script shows")
    func chartKeys() {
        let chart = WebChart(
            title: "NAV", points: [ChartPoint(x: 20_000, y: 10), ChartPoint(x: 20_001, y: 11)], axisLabel: { "\($0)" })
        let html = chart.figure(id: "c", caption: "two points").markup
        #expect(!html.contains("tabindex"), "without the script, no useless stop for Tab")
        #expect(html.contains("<p class=\"chart-keys stamp\" hidden>"))
        #expect(html.contains("<p class=\"chart-value\" aria-live=\"polite\"></p>"))
    }
}
