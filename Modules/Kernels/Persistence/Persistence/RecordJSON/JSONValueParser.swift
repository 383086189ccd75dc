/// A parsed JSON document: numbers keep their text until a type asks for them, as `JSONDecoder` does.
enum JSONValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order; a record's objects are small, so a list beats hashing every key.
    case object([JSONMember])
}

/// One key and value of an object.
struct JSONMember {
    let key: String
    let value: JSONValue
}

/// An RFC 8259 parser over bytes (one document, whitespace around it), as lenient as `JSONDecoder` and no more.
struct JSONValueParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The document's value.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw JSONSyntaxError(offset: position, reason: "text after the value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw JSONSyntaxError(offset: position, reason: "nested too deeply") }
        skipWhitespace()
        guard position < bytes.count else { throw JSONSyntaxError(offset: position, reason: "unexpected end") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: position, reason: "expected a key")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: position, reason: "expected ':'")
            }
            position += 1
            members.append(JSONMember(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw JSONSyntaxError(offset: position, reason: "unexpected end") }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else {
                throw JSONSyntaxError(offset: position - 1, reason: "expected ',' or '}'")
            }
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw JSONSyntaxError(offset: position, reason: "unexpected end") }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else {
                throw JSONSyntaxError(offset: position - 1, reason: "expected ',' or ']'")
            }
            // `JSONDecoder` accepts a comma before a closing bracket or brace; so does this, to read what it reads.
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Strings without escapes, nearly all of them, become a String straight from the bytes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw JSONSyntaxError(offset: position, reason: "control character in a string") }
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: Array(String(try parseUnicodeEscape()).utf8))
                default: throw JSONSyntaxError(offset: position - 1, reason: "unknown escape")
                }
            default:
                guard byte >= 0x20 else {
                    throw JSONSyntaxError(offset: position - 1, reason: "control character in a string")
                }
                scalars.append(byte)
            }
        }
        throw JSONSyntaxError(offset: position, reason: "unterminated string")
    }

    /// The scalar after `\u`, joining a surrogate pair written as two escapes.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Character {
        let first = try parseHex4()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw JSONSyntaxError(offset: position, reason: "unpaired surrogate") }
            position += 2
            let second = try parseHex4()
            guard (0xDC00..<0xE000).contains(second) else {
                throw JSONSyntaxError(offset: position, reason: "unpaired surrogate")
            }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw JSONSyntaxError(offset: position, reason: "bad escape") }
            return Character(scalar)
        }
        guard let scalar = Unicode.Scalar(first) else { throw JSONSyntaxError(offset: position, reason: "unpaired surrogate") }
        return Character(scalar)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw JSONSyntaxError(offset: position, reason: "short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(offset: position, reason: "bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as written.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw JSONSyntaxError(offset: start, reason: "unexpected character")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw JSONSyntaxError(offset: position, reason: "expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw JSONSyntaxError(offset: position, reason: "expected an exponent")
            }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw JSONSyntaxError(offset: position, reason: "unexpected end") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw JSONSyntaxError(offset: position + index, reason: "unexpected character")
        }
        position += count
    }
}

/// Where and why a document is not JSON.
struct JSONSyntaxError: Error {
    var offset: Int
    var reason: String
}
