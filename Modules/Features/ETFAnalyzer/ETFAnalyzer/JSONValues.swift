/// Any JSON value, numbers kept as their exact text so `0.07` stays 0.07 and `1.30` is shown as written.
enum LooseJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([LooseJSON])
    /// Members in the order the text gives them (duplicates kept; readers take the first).
    case object([Member])

    struct Member: Sendable, Equatable {
        var key: String
        var value: LooseJSON
    }

    /// The kind of value, for messages (`true`, `an object`).
    var kind: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): "the number \(text)"
        case .string(let value): "the text \"\(value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where and why a JSON text is malformed; line and column count from 1 (columns in characters).
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var reason: String
}

/// Parses a JSON text (RFC 8259) in one pass over its UTF-8 bytes. A line whose first non-blank characters
/// are `//` is a comment, so `folio etf template --format json` output reads back as it is; a leading
/// byte-order mark is skipped.
///
/// folio parses portfolio JSON itself rather than through `JSONDecoder`: a portfolio's values may be text
/// or numbers in any mix, and `JSONDecoder` can only find out which by failing, each failure building an
/// error with its coding path. That made a 10,000-row file take most of a second, where this pass costs
/// about as much as reading the file. It also knows the line and column of a syntax error, where
/// Foundation on Linux says only that the text is not valid JSON.
enum JSONValues {
    /// Nesting deeper than this is refused rather than risking the stack on a hostile file.
    static let maximumDepth = 512

    static func parse(_ text: String) throws(JSONSyntaxError) -> LooseJSON {
        var text = text
        let outcome: Result<LooseJSON, JSONSyntaxError> = text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            do throws(JSONSyntaxError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var lineStart = 0
        /// Whether anything but white space came before `index` on its line (a `//` there is not a comment).
        var lineHasContent = false
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                index = 3
                lineStart = 3
            }
        }

        mutating func document() throws(JSONSyntaxError) -> LooseJSON {
            skipSpace()
            guard index < bytes.count else { throw failure("the text is empty") }
            let value = try self.value()
            skipSpace()
            guard index == bytes.count else { throw failure("unexpected \(found()) after the end of the JSON") }
            return value
        }

        private mutating func value() throws(JSONSyntaxError) -> LooseJSON {
            guard index < bytes.count else { throw failure("the text ends where a value should be") }
            lineHasContent = true
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: throw failure("expected a value, found \(found())")
            }
        }

        private mutating func object() throws(JSONSyntaxError) -> LooseJSON {
            try enter()
            index += 1
            var members: [LooseJSON.Member] = []
            skipSpace()
            if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key in double quotes, found \(found())") }
                let key = try string()
                skipSpace()
                guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after the key \"\(key)\", found \(found())") }
                index += 1
                skipSpace()
                members.append(LooseJSON.Member(key: key, value: try value()))
                skipSpace()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                } else if peek(UInt8(ascii: "}")) {
                    index += 1
                    depth -= 1
                    return .object(members)
                } else {
                    throw failure("expected ',' or '}' after the value of \"\(key)\", found \(found())")
                }
            }
        }

        private mutating func array() throws(JSONSyntaxError) -> LooseJSON {
            try enter()
            index += 1
            var elements: [LooseJSON] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value())
                skipSpace()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                } else if peek(UInt8(ascii: "]")) {
                    index += 1
                    depth -= 1
                    return .array(elements)
                } else {
                    throw failure("expected ',' or ']' after an array element, found \(found())")
                }
            }
        }

        private mutating func enter() throws(JSONSyntaxError) {
            depth += 1
            guard depth <= JSONValues.maximumDepth else {
                throw failure("arrays and objects are nested more than \(JSONValues.maximumDepth) deep")
            }
        }

        /// A string starting at the opening quote; `index` ends after the closing one.
        private mutating func string() throws(JSONSyntaxError) -> String {
            let opening = index
            index += 1
            let start = index
            // Most strings have no escapes: one scan, one copy.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw controlCharacter(byte, openedAt: opening) }
                index += 1
            }
            var buffer = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: buffer, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &buffer)
                case 0..<0x20:
                    throw controlCharacter(byte, openedAt: opening)
                default:
                    buffer.append(byte)
                    index += 1
                }
            }
            index = opening
            throw failure("a string opened here is never closed with a double quote")
        }

        private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
            guard index + 1 < bytes.count else { throw failure("the text ends inside an escape") }
            let letter = bytes[index + 1]
            let simple: UInt8? =
                switch letter {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                default: nil
                }
            if let simple {
                buffer.append(simple)
                index += 2
                return
            }
            guard letter == UInt8(ascii: "u") else {
                throw failure("\\\(Character(Unicode.Scalar(letter))) is not a JSON escape")
            }
            var scalar = try hexQuad(at: index + 2)
            index += 6
            if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let low = try hexQuad(at: index + 2)
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
            }
            // A lone surrogate is not a character; it becomes U+FFFD as invalid UTF-8 would.
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            buffer.append(contentsOf: String(character).utf8)
        }

        private func hexQuad(at position: Int) throws(JSONSyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw failure("\\u needs four hexadecimal digits") }
            var value: UInt32 = 0
            for byte in bytes[position..<position + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("\\u needs four hexadecimal digits")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private func controlCharacter(_ byte: UInt8, openedAt opening: Int) -> JSONSyntaxError {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                ? failure("a string is still open at the end of the line — close it with a double quote (write \\n for a line break)")
                : failure("a control character inside a string must be escaped")
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as written.
        private mutating func number() throws(JSONSyntaxError) -> String {
            let start = index
            if peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a '-' must be followed by digits") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw failure("a number cannot start with 0") }
            } else {
                skipDigits()
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a '.' must be followed by digits") }
                skipDigits()
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw failure("an exponent needs digits") }
                skipDigits()
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func literal(_ word: StaticString, _ value: LooseJSON) throws(JSONSyntaxError) -> LooseJSON {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
            else { throw failure("expected a value, found \(found())") }
            index += count
            return value
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private mutating func skipDigits() {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }

        private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        /// Skips white space and `//` comment lines.
        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "\n"):
                    index += 1
                    line += 1
                    lineStart = index
                    lineHasContent = false
                case UInt8(ascii: "/") where !lineHasContent && index + 1 < bytes.count
                    && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                default:
                    return
                }
            }
        }

        /// What stands at `index`, for messages: `'x'` or "the end of the text".
        private func found() -> String {
            guard index < bytes.count else { return "the end of the text" }
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))'"
        }

        private func failure(_ reason: String) -> JSONSyntaxError {
            let position = min(index, bytes.count)
            let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<position]), as: UTF8.self).count + 1
            return JSONSyntaxError(line: line, column: column, reason: reason)
        }
    }
}
