import Money

extension ParseOptions {
    /// Balances and rates as people type them: an optional sign, digits grouped by commas or not, up to
    /// twelve decimals; no currency symbols (the account's currency says what they are).
    public static let balance = ParseOptions(allowsSign: true, maximumPlaces: Amount.places, symbols: [])
}
