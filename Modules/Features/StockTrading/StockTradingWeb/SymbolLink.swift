import FeatureWeb
import Foundation

/// Where a symbol's page is (`/stocks/symbol/VOD.L`, `/stocks/symbol/%5EGSPC`), and a table cell linking to it, so
/// the portfolio, quotes and watchlist tables lead to each symbol's chart.
enum SymbolLink {
    /// The page's path, the symbol percent-encoded beyond letters, digits, `.` and `-`.
    static func path(_ symbol: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-"))
        return "/stocks/symbol/" + (symbol.addingPercentEncoding(withAllowedCharacters: allowed) ?? symbol)
    }

    /// `<a href="/stocks/symbol/AAPL">AAPL</a>`.
    static func html(_ symbol: String) -> HTML {
        "<a href=\"\(path(symbol))\">\(symbol)</a>"
    }
}
