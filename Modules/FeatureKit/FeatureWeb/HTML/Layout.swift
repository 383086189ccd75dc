/// The page chrome: document head, navigation, flash message, main content, footer. Scripts are only
/// ever files served by the binary (the CSP forbids inline script), loaded deferred.
public struct Layout: Sendable {
    /// The navigation entries, in order.
    public var navigation: [NavigationEntry]
    /// Shown above every page's content (the alerts' live region), empty by default.
    public var banner: HTML

    /// Creates the layout.
    public init(navigation: [NavigationEntry], banner: HTML = .empty) {
        self.navigation = navigation
        self.banner = banner
    }

    /// A whole HTML document; a page whose forms refuse something lists the refusals at its top
    /// (``ErrorSummary``).
    public func render(
        title: String, path: String, content: HTML, flash: Flash? = nil, scripts: [String] = [], banner: HTML = .empty
    ) -> String {
        let links = ([NavigationEntry(title: "Dashboard", path: "/")] + navigation).html { entry in
            let current = entry.path == "/" ? path == "/" : path == entry.path || path.hasPrefix(entry.path + "/")
            return current
                ? "<li><a href=\"\(entry.path)\" aria-current=\"page\">\(entry.title)</a></li>"
                : "<li><a href=\"\(entry.path)\">\(entry.title)</a></li>"
        }
        let (summary, content) = ErrorSummary.summarize(content)
        let flashHTML: HTML = flash.map { Components.notice($0.message, kind: $0.kind.rawValue) } ?? .empty
        let scriptTags = (["/assets/folio.js"] + scripts).html { "<script src=\"\($0)\" defer></script>" }
        let page: HTML = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · Folio</title>
            <link rel="stylesheet" href="/assets/folio.css">
            <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
            \(scriptTags)
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="top"><a class="brand" href="/">Folio</a><nav aria-label="Main"><ul>\(links)</ul></nav></header>
            \(self.banner)\(banner)
            <main id="main">
            <h1>\(title)</h1>
            \(summary)\(flashHTML)
            \(content)
            </main>
            <footer><p>Folio · served from this machine · <a href="/api/openapi.json">API</a></p></footer>
            </body>
            </html>

            """
        return page.markup
    }
}

/// One entry of the main navigation.
public struct NavigationEntry: Sendable, Equatable {
    /// The link text.
    public var title: String
    /// The path it leads to.
    public var path: String

    /// Creates an entry.
    public init(title: String, path: String) {
        self.title = title
        self.path = path
    }
}

/// A one-shot message shown on the next page (after a redirect).
public struct Flash: Sendable, Equatable {
    /// How the message is shown.
    public enum Kind: String, Sendable {
        case info, success, warning, error
    }

    /// The kind.
    public var kind: Kind
    /// The text.
    public var message: String

    /// Creates a message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
