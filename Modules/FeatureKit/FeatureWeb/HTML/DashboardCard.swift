/// A feature's card on `/`: its title (a link to its page) over what it has to show. Features say what a card
/// holds; the dashboard owns how every card looks, so the cards line up and a change of markup is made once.
public struct DashboardCard: Sendable {
    /// The card's heading.
    public var title: String
    /// The page the heading links to (no link when nil).
    public var link: String?
    /// The figures, table or notice under the heading.
    public var body: HTML
    /// Scripts the card needs (a live board's), loaded once the page is read.
    public var scripts: [String]

    /// Creates a card.
    public init(title: String, link: String? = nil, body: HTML, scripts: [String] = []) {
        self.title = title
        self.link = link
        self.body = body
        self.scripts = scripts
    }

    /// The card's markup.
    public var html: HTML {
        let heading: HTML = link.map { "<h2><a href=\"\($0)\">\(title)</a></h2>" } ?? "<h2>\(title)</h2>"
        let scripts = scripts.html { "<script src=\"\($0)\" defer></script>" }
        return "<section class=\"card\">\(heading)\(body)\(scripts)</section>"
    }
}
