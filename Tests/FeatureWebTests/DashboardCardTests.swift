import FeatureWeb
import Testing

@Suite("Dashboard cards")
struct DashboardCardTests {
    @Test("a card is one section: its title linked to its page, the body, then its scripts; the title is escaped")
    func markup() {
        let card = DashboardCard(
            title: "Bonds & bills", link: "/bonds", body: "<p>2 holdings</p>", scripts: ["/assets/live.js"])
        #expect(
            card.html.markup
                == "<section class=\"card\"><h2><a href=\"/bonds\">Bonds &amp; bills</a></h2><p>2 holdings</p>"
                + "<script src=\"/assets/live.js\" defer></script></section>")
        #expect(
            DashboardCard(title: "Plain", body: .empty).html.markup
                == "<section class=\"card\"><h2>Plain</h2></section>")
    }
}
