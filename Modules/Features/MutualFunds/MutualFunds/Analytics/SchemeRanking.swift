import Foundation

/// How schemes rank for one query's terms, best first: a term equal to the code or an ISIN; fewer terms that only
/// match a word's start (whole words beat prefixes); terms found in the order typed; earlier words (a name that
/// starts with the terms beats one that mentions them late); fewer words; then the lower-cased name and the code.
///
/// The terms are prepared once per query, and an ASCII name (AMFI's almost always are) is split and compared as
/// bytes in place: ranking reads hundreds of candidates per search, and a String per word, a lower-cased copy of
/// every name or an array of ISINs per candidate cost more than the index lookup that found them.
struct SchemeRanking {
    /// The parts of a scheme that ranking reads.
    struct Fields {
        var name: Substring
        var code: Int
        var isinGrowth: Substring?
        var isinDivReinvestment: Substring?
    }

    /// Where the terms fell in a name; compared before the name and code.
    struct Score: Comparable {
        var identifierMiss: Int
        var prefixOnly: Int
        var outOfOrder: Int
        var positions: Int
        var length: Int

        static func < (lhs: Score, rhs: Score) -> Bool {
            (lhs.identifierMiss, lhs.prefixOnly, lhs.outOfOrder, lhs.positions, lhs.length)
                < (rhs.identifierMiss, rhs.prefixOnly, rhs.outOfOrder, rhs.positions, rhs.length)
        }
    }

    private struct Term {
        var text: String
        /// The term's bytes when it is ASCII (terms are lower case already); nil otherwise.
        var ascii: [UInt8]?
        /// The code the term spells exactly (`"122639"`, not `"0122639"`).
        var code: Int?
    }

    private let terms: [Term]

    /// Prepares normalised terms (``SearchText/terms(_:)``).
    init(words: [String]) {
        terms = words.map { word in
            let bytes = Array(word.utf8)
            let code = Int(word).flatMap { String($0) == word ? $0 : nil }
            return Term(text: word, ascii: bytes.allSatisfy { $0 < 0x80 } ? bytes : nil, code: code)
        }
    }

    /// The positions in `candidates` of those that match every term, best first.
    func order(_ candidates: [Fields]) -> [Int] {
        var scored: [(score: Score, index: Int)] = []
        scored.reserveCapacity(candidates.count)
        for (index, candidate) in candidates.enumerated() {
            guard let score = score(candidate) else { continue }
            scored.append((score, index))
        }
        scored.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score < rhs.score }
            let (left, right) = (candidates[lhs.index], candidates[rhs.index])
            if let order = Self.lowercasedOrder(left.name, right.name) { return order }
            return left.code < right.code
        }
        return scored.map(\.index)
    }

    /// The score of a scheme, or nil when some term matches neither a word of its name nor its code or ISINs.
    func score(_ fields: Fields) -> Score? {
        var name = fields.name
        let ascii: Score?? = name.withUTF8 { utf8 in
            utf8.contains(where: { $0 >= 0x80 }) ? .none : .some(asciiScore(utf8, fields))
        }
        return ascii ?? generalScore(fields)
    }

    /// ``score(_:)`` for an ASCII name, given its bytes: the same words (letters and digits, lower-cased), the
    /// same comparisons, without copying.
    private func asciiScore(_ utf8: UnsafeBufferPointer<UInt8>, _ fields: Fields) -> Score? {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: utf8.count / 2 + 1) { words in
            var wordCount = 0
            var start: Int?
            for (index, byte) in utf8.enumerated() {
                if Self.isWordByte(byte) {
                    if start == nil { start = index }
                } else if let wordStart = start {
                    words[wordCount] = wordStart..<index
                    wordCount += 1
                    start = nil
                }
            }
            if let wordStart = start {
                words[wordCount] = wordStart..<utf8.count
                wordCount += 1
            }
            return tally(fields, wordCount: wordCount) { term in
                // A term that is not ASCII cannot match an ASCII word.
                guard let bytes = term.ascii else { return nil }
                func matches(_ word: Range<Int>, exactly: Bool) -> Bool {
                    guard exactly ? word.count == bytes.count : word.count >= bytes.count else { return false }
                    for offset in 0..<bytes.count where Self.folded(utf8[word.lowerBound + offset]) != bytes[offset] {
                        return false
                    }
                    return true
                }
                for position in 0..<wordCount where matches(words[position], exactly: true) { return (position, true) }
                for position in 0..<wordCount where matches(words[position], exactly: false) {
                    return (position, false)
                }
                return nil
            }
        }
    }

    /// ``score(_:)`` for any name, through its words as Strings.
    func generalScore(_ fields: Fields) -> Score? {
        let nameWords = SchemeSearch.words(String(fields.name))
        return tally(fields, wordCount: nameWords.count) { term in
            if let exact = nameWords.firstIndex(of: term.text) { return (exact, true) }
            if let prefix = nameWords.firstIndex(where: { $0.hasPrefix(term.text) }) { return (prefix, false) }
            return nil
        }
    }

    /// The score from where each term was found: an identifier, a word (its position, and whether the whole word
    /// matched or only its start), or nowhere (nil: the scheme does not match).
    private func tally(
        _ fields: Fields, wordCount: Int, locate: (Term) -> (position: Int, exact: Bool)?
    ) -> Score? {
        var identifierHit = false
        var prefixOnly = 0
        var positions = 0
        var outOfOrder = 0
        var lastPosition = -1
        for term in terms {
            if term.code == fields.code || Self.isISIN(fields.isinGrowth, term)
                || Self.isISIN(fields.isinDivReinvestment, term)
            {
                identifierHit = true
                continue
            }
            guard let found = locate(term) else { return nil }
            if !found.exact { prefixOnly += 1 }
            if found.position < lastPosition { outOfOrder += 1 }
            lastPosition = found.position
            positions += found.position
        }
        return Score(
            identifierMiss: identifierHit ? 0 : 1, prefixOnly: prefixOnly, outOfOrder: outOfOrder,
            positions: positions, length: wordCount)
    }

    /// Whether `term` is `isin` ignoring case.
    private static func isISIN(_ isin: Substring?, _ term: Term) -> Bool {
        guard let isin, isin.utf8.count == term.text.utf8.count else { return false }
        guard let bytes = term.ascii, isin.utf8.allSatisfy({ $0 < 0x80 }) else { return isin.lowercased() == term.text }
        return zip(isin.utf8, bytes).allSatisfy { folded($0) == $1 }
    }

    /// Whether `lhs` sorts before `rhs` once both are lower-cased, or nil when they are equal so.
    static func lowercasedOrder(_ lhs: Substring, _ rhs: Substring) -> Bool? {
        var left = lhs
        var right = rhs
        let ascii: Bool?? = left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard !leftBytes.contains(where: { $0 >= 0x80 }), !rightBytes.contains(where: { $0 >= 0x80 }) else {
                    return .none
                }
                for (leftByte, rightByte) in zip(leftBytes, rightBytes) where folded(leftByte) != folded(rightByte) {
                    return folded(leftByte) < folded(rightByte)
                }
                return leftBytes.count == rightBytes.count
                    ? Bool??.some(nil) : Bool??.some(leftBytes.count < rightBytes.count)
            }
        }
        if let ascii { return ascii }
        let (leftLowered, rightLowered) = (lhs.lowercased(), rhs.lowercased())
        return leftLowered == rightLowered ? nil : leftLowered < rightLowered
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
    }

    private static func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
