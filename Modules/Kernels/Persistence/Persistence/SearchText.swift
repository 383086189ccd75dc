import Foundation

/// How search text and search terms are split into words, the same way in every backend: letters and digits
/// form words, everything else separates them, case and diacritics are ignored (as SQLite FTS5's unicode61
/// tokenizer with `remove_diacritics 2` does).
public enum SearchText {
    /// The normalised words of `text`.
    public static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    /// The normalised words of every term, so `"hdfc-flexi"` searches for `hdfc` and `flexi`.
    public static func terms(_ terms: [String]) -> [String] {
        terms.flatMap(words)
    }
}
