/// The example portfolio, one comment per field: what `folio etf template` prints and a page may offer, so every
/// face starts people from the same file.
enum PortfolioTemplate {
    static let csv = """
        # folio ETF portfolio: one row per ETF. Columns may come in any order; lines starting with # are comments.
        # name            the ETF's name; put it in double quotes when it contains a comma
        # expense_ratio   annual expense ratio in percent, as on the fact sheet (0.03 means 0.03 %); 0 or more
        # yield           annual distribution yield in percent (1.30 means 1.3 %); 0 or more
        # shares          shares held, more than 0 (fractions allowed)
        # purchase_price  price paid per share, more than 0
        # purchase_date   YYYY-MM-DD
        # current_price   price per share on the analysis date, more than 0
        # analysis_date   optional, YYYY-MM-DD, not before purchase_date; blank means --as-of, else today
        # asset_class     optional: equity, debt, property, commodity, crypto, cash or hybrid; blank means equity
        name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,analysis_date,asset_class
        "Vanguard Total Stock Market ETF, VTI",0.03,1.30,50,210.40,2022-04-01,265.10,,equity
        iShares Core U.S. Aggregate Bond ETF (AGG),0.03,3.50,120,98.75,2023-02-15,97.20,,debt
        "Schwab U.S. Dividend Equity ETF, SCHD",0.06,3.60,200,25.10,2024-02-01,27.35,2025-01-31,

        """

    static let json = """
        // folio ETF portfolio: an array with one object per ETF; lines starting with // are comments.
        // name           the ETF's name
        // expenseRatio   annual expense ratio in percent, as on the fact sheet (0.03 means 0.03 %); 0 or more
        // yield          annual distribution yield in percent (1.30 means 1.3 %); 0 or more
        // shares         shares held, more than 0 (fractions allowed)
        // purchasePrice  price paid per share, more than 0
        // purchaseDate   "YYYY-MM-DD"
        // currentPrice   price per share on the analysis date, more than 0
        // analysisDate   optional "YYYY-MM-DD", not before purchaseDate; leave it out for --as-of, else today
        // assetClass     optional: equity, debt, property, commodity, crypto, cash or hybrid; equity when left out
        [
          {
            "name": "Vanguard Total Stock Market ETF, VTI",
            "expenseRatio": 0.03,
            "yield": 1.30,
            "shares": 50,
            "purchasePrice": 210.40,
            "purchaseDate": "2022-04-01",
            "currentPrice": 265.10
          },
          {
            "name": "iShares Core U.S. Aggregate Bond ETF (AGG)",
            "expenseRatio": 0.03,
            "yield": 3.50,
            "shares": 120,
            "purchasePrice": 98.75,
            "purchaseDate": "2023-02-15",
            "currentPrice": 97.20,
            "assetClass": "debt"
          },
          {
            "name": "Schwab U.S. Dividend Equity ETF, SCHD",
            "expenseRatio": 0.06,
            "yield": 3.60,
            "shares": 200,
            "purchasePrice": 25.10,
            "purchaseDate": "2024-02-01",
            "currentPrice": 27.35,
            "analysisDate": "2025-01-31"
          }
        ]

        """
}

extension PortfolioAnalysisService {
    /// A commented example portfolio in `format` that reads back as it is (`#` or `//` lines are comments).
    public static func template(_ format: PortfolioFormat) -> String {
        switch format {
        case .csv: PortfolioTemplate.csv
        case .json: PortfolioTemplate.json
        }
    }
}
