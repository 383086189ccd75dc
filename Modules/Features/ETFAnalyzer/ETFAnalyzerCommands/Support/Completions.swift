import ArgumentParser

extension CompletionKind {
    /// The currencies ETF prices are most often quoted in; any three-letter ISO code is accepted.
    static var priceCurrencies: CompletionKind {
        .list(["AUD", "CAD", "CHF", "EUR", "GBP", "HKD", "INR", "JPY", "NZD", "SEK", "SGD", "USD"])
    }

    /// Portfolio files: CSV or JSON.
    static var portfolioFiles: CompletionKind { .file(extensions: ["csv", "json", "txt"]) }

    /// The saved portfolios' names, asked of folio itself when the shell completes (the plug-in never opens
    /// the store at completion time). Names with a comma come back in CSV quotes.
    static var savedPortfolioNames: CompletionKind {
        .shellCommand("folio etf list --format csv 2>/dev/null | tail -n +2 | cut -d, -f1")
    }
}
