import ArgumentParser

extension CompletionKind {
    /// The currencies ETF prices are most often quoted in; any three-letter ISO code is accepted.
    static var priceCurrencies: CompletionKind {
        .list(["AUD", "CAD", "CHF", "EUR", "GBP", "HKD", "INR", "JPY", "NZD", "SEK", "SGD", "USD"])
    }

    /// Portfolio files: CSV or JSON.
    static var portfolioFiles: CompletionKind { .file(extensions: ["csv", "json", "txt"]) }
}
