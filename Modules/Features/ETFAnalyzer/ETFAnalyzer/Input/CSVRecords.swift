/// The records of a portfolio CSV text, split in one pass over its UTF-8 bytes: RFC 4180 fields (quoted
/// fields may hold commas, doubled quotes and line breaks; white space before an opening quote is allowed),
/// `#` comment lines and blank lines dropped, and the 1-based line each record starts on, so errors can
/// point at the line.
///
/// folio splits fields itself rather than through a CSV package: the one it used (CSV.swift) builds every
/// field one Unicode scalar at a time, which took a fifth of a 10,000-row analysis, while this pass costs
/// about as much as reading the file.
struct CSVRecords {
    /// Each record's fields, unquoted; unquoted fields keep their white space (the rules trim it).
    var records: [[String]]
    /// The line each record starts on.
    var lines: [Int]

    init(_ text: String) throws(PortfolioInputError) {
        var text = text
        var parser = Parser()
        let outcome = text.withUTF8 { parser.parse($0) }
        if let unclosedOn = outcome {
            throw PortfolioInputError(issues: [
                InputIssue(
                    row: nil, line: unclosedOn, column: nil,
                    message: "a double quote opened on line \(unclosedOn) is never closed — "
                        + "quote whole fields and double any quote inside one (\"\"); "
                        + "nothing after it can be read")
            ])
        }
        records = parser.records
        lines = parser.lines
    }

    private struct Parser {
        var records: [[String]] = []
        var lines: [Int] = []

        private static let quote = UInt8(ascii: "\"")
        private static let comma = UInt8(ascii: ",")
        private static let newline = UInt8(ascii: "\n")
        private static let carriageReturn = UInt8(ascii: "\r")
        private static let hash = UInt8(ascii: "#")

        private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

        /// Splits `bytes`; returns the line of a quote that is never closed, or nil.
        mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            let count = bytes.count
            var index = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
            var line = 1
            while index < count {
                var first = index
                while first < count && Self.isBlank(bytes[first]) { first += 1 }
                if first == count || bytes[first] == Self.newline || bytes[first] == Self.carriageReturn
                    || bytes[first] == Self.hash
                {
                    while index < count && bytes[index] != Self.newline { index += 1 }
                    index += 1
                    line += 1
                    continue
                }
                let recordLine = line
                var fields: [String] = []
                while true {
                    var start = index
                    while start < count && Self.isBlank(bytes[start]) { start += 1 }
                    if start < count && bytes[start] == Self.quote {
                        let openedOn = line
                        guard let (field, end) = quotedField(bytes, from: start + 1, line: &line) else { return openedOn }
                        fields.append(field)
                        index = end
                    } else {
                        var end = index
                        while end < count && bytes[end] != Self.comma && bytes[end] != Self.newline { end += 1 }
                        var last = end
                        if last > index && bytes[last - 1] == Self.carriageReturn { last -= 1 }
                        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<last]), as: UTF8.self))
                        index = end
                    }
                    if index < count && bytes[index] == Self.comma {
                        index += 1
                        continue
                    }
                    if index < count {
                        index += 1
                        line += 1
                    }
                    break
                }
                records.append(fields)
                lines.append(recordLine)
            }
            return nil
        }

        /// The field whose opening quote is just before `start`, and the index of the comma or line break
        /// after it; nil when the quote is never closed. Anything between the closing quote and the
        /// delimiter other than white space is kept, as written.
        private func quotedField(
            _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int
        ) -> (String, Int)? {
            let count = bytes.count
            var content: [UInt8] = []
            var segment = start
            var index = start
            while true {
                guard index < count else { return nil }
                let byte = bytes[index]
                if byte == Self.quote {
                    content.append(contentsOf: bytes[segment..<index])
                    if index + 1 < count && bytes[index + 1] == Self.quote {
                        content.append(Self.quote)
                        index += 2
                        segment = index
                        continue
                    }
                    index += 1
                    break
                }
                if byte == Self.carriageReturn && index + 1 < count && bytes[index + 1] == Self.newline {
                    content.append(contentsOf: bytes[segment..<index])
                    index += 1
                    segment = index
                    continue
                }
                if byte == Self.newline { line += 1 }
                index += 1
            }
            var end = index
            while end < count && bytes[end] != Self.comma && bytes[end] != Self.newline { end += 1 }
            var trailingEnd = end
            while trailingEnd > index
                && (Self.isBlank(bytes[trailingEnd - 1]) || bytes[trailingEnd - 1] == Self.carriageReturn)
            {
                trailingEnd -= 1
            }
            content.append(contentsOf: bytes[index..<trailingEnd])
            return (String(decoding: content, as: UTF8.self), end)
        }
    }
}
