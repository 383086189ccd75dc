import Foundation

/// How search text and search terms are split into words, the same way in every backend: letters and digits
/// form words, everything else separates them, case and diacritics are ignored (as SQLite FTS5's unicode61
/// tokenizer with `remove_diacritics 2` does).
public enum SearchText {
    /// The normalised words of `text`.
    public static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        return text.folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")
        )
        .split { !($0.isLetter || $0.isNumber) }
        .map(String.init)
    }

    /// Plain ASCII needs no Unicode folding (which loads ICU's tables): lower-case letters and digits form words.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The normalised words of every term, so `"hdfc-flexi"` searches for `hdfc` and `flexi`.
    public static func terms(_ terms: [String]) -> [String] {
        terms.flatMap(words)
    }
}
