/// A name as lower-case words: runs of letters and digits, with `&` kept as a word of its own
/// (`"Large & Mid Cap Fund-Growth"` → `large & mid cap fund growth`).
///
/// Classification runs for each of the ~45,000 schemes when the list is saved, so it matches word sequences
/// rather than searching strings (Foundation's `contains` on `String` goes through `NSString` and made the
/// list's first save seconds slower).
struct NameWords {
    /// The words in order.
    let words: [String]
    /// The same words as a set, to rule phrases out quickly.
    let set: Set<String>

    init(_ text: String) {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                    current.append(scalar)
                } else if value == 38 {
                    flush()
                    words.append("&")
                } else {
                    flush()
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        self.words = words
        set = Set(words)
    }

    /// Whether the words contain `phrase` (already split into words) as a contiguous run.
    func contains(_ phrase: [String]) -> Bool {
        guard let first = phrase.first, set.contains(first) else { return false }
        if phrase.count == 1 { return true }
        guard phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == first {
            var matches = true
            for offset in 1..<phrase.count where words[start + offset] != phrase[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// Whether the words start with `phrase`.
    func starts(with phrase: [String]) -> Bool {
        phrase.count <= words.count && zip(words, phrase).allSatisfy { $0 == $1 }
    }
}

extension String {
    /// This phrase split into the words ``NameWords`` produces.
    var phraseWords: [String] { NameWords(self).words }
}
