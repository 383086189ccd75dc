/// Writes a ``JSONFragment`` as `JSONEncoder` would with `.sortedKeys`: keys in UTF-8 byte order (the last of
/// equal keys wins, as in a dictionary), no whitespace, `/` escaped, control characters as `\b \f \n \r \t` or
/// `\u00xx`.
struct JSONFragmentWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ fragment: JSONFragment) {
        switch fragment {
        case .number(let text): appendUTF8(text)
        case .string(let text): writeString(text)
        case .bool(let value): appendUTF8(value ? "true" : "false")
        case .null: appendUTF8("null")
        case .object(let object): writeObject(object)
        case .array(let array): writeArray(array)
        case .encoder(let node):
            if let fragment = node.fragment { write(fragment) } else { appendUTF8("{}") }
        }
    }

    private mutating func writeObject(_ object: JSONObjectBox) {
        let members = object.members
        // The index breaks ties so that, of two equal keys, the one encoded last is kept.
        let order = members.indices.sorted { lhs, rhs in
            let (left, right) = (members[lhs].key, members[rhs].key)
            if left == right { return lhs < rhs }
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(members[index].key)
            bytes.append(UInt8(ascii: ":"))
            write(members[index].value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeArray(_ array: JSONArrayBox) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in array.elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Over the stored bytes, copying each run that needs no escaping in one go: iterating the UTF8View
        // and appending byte by byte was a third of encoding a record.
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() {
                let escaped: UInt8
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped = byte
                case 0x08: escaped = UInt8(ascii: "b")
                case 0x0C: escaped = UInt8(ascii: "f")
                case 0x0A: escaped = UInt8(ascii: "n")
                case 0x0D: escaped = UInt8(ascii: "r")
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x00..<0x20: escaped = UInt8(ascii: "u")
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                escape(escaped)
                if escaped == UInt8(ascii: "u") {
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0xF))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
