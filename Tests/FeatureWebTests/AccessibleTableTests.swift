import FeatureWeb
import Testing

/// What axe asks of a table that scrolls inside its card on a phone (Tooling/a11y): keyboard focus, a name, and a
/// title on every column.
@Suite("tables a keyboard can scroll and a screen reader can name")
struct AccessibleTableTests {
    @Test("the scrolling card is a focusable region named by the caption, else by the column titles")
    func namedRegion() {
        let captioned = Components.table(caption: "Nothing yet.", headers: ["Symbol"], rows: [])
        #expect(
            captioned.markup.hasPrefix(
                "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"Nothing yet.\">"))
        let plain = Components.table(
            headers: ["Account", "Balance", ""], rows: [["Savings", "£10.00", "<button>Remove</button>"]])
        #expect(
            plain.markup.contains("aria-label=\"Table: Account, Balance\""),
            "an untitled column is left out of the name")
    }

    @Test("a column of buttons gets a title only screen readers read, so no header cell is empty")
    func untitledColumn() {
        let table = Components.table(headers: ["Symbol", ""], rows: [["AAPL", "<button>Remove</button>"]])
        #expect(table.markup.contains("<th scope=\"col\"><span class=\"visually-hidden\">Actions</span></th>"))
        #expect(!table.markup.contains("<th scope=\"col\"></th>"))
    }

    @Test("a name built from titles is escaped like any text")
    func escapedName() {
        let table = Components.table(headers: ["\"Gross\" <P&L>"], rows: [])
        #expect(table.markup.contains("aria-label=\"Table: &quot;Gross&quot; &lt;P&amp;L&gt;\""))
    }
}
