import FeatureWeb
import Foundation

/// Where a symbol's page is (`/stocks/symbol/VOD.L`, `/stocks/symbol/%5EGSPC`), and a table cell linking to it, so
/// the portfolio, quotes and watchlist tables lead to each symbol's chart.
enum SymbolLink {
    /// What a symbol keeps unencoded: ASCII letters and digits, `.` and `-` (built once: a table links every row).
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-")

    /// The page's path, the symbol percent-encoded beyond ASCII letters, digits, `.` and `-`.
    static func path(_ symbol: String) -> String {
        "/stocks/symbol/" + (symbol.addingPercentEncoding(withAllowedCharacters: allowed) ?? symbol)
    }

    /// `<a href="/stocks/symbol/AAPL">AAPL</a>`.
    static func html(_ symbol: String) -> HTML {
        "<a href=\"\(path(symbol))\">\(symbol)</a>"
    }
}
