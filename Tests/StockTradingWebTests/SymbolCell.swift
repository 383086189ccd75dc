/// A symbol's cell in the portfolio, quotes and watchlist tables: a link to its page.
func symbolCell(_ symbol: String) -> String {
    "<td><a href=\"/stocks/symbol/\(symbol)\">\(symbol)</a></td>"
}
