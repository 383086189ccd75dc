/// A fragment of HTML whose interpolated strings are escaped unless they are themselves ``HTML``: markup
/// written in Swift cannot be broken by a fund's name or an error message that holds `<` or `"`.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    public private(set) var markup: String

    /// Markup taken as it is (already escaped or built by this module).
    public init(raw markup: String) { self.markup = markup }

    /// Markup written as a literal, trusted as is.
    public init(stringLiteral value: String) { markup = value }

    /// Markup built by interpolation, each value escaped by its type.
    public init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    /// The text a person reads.
    public var description: String { markup }

    /// Joins fragments.
    public static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(raw: lhs.markup + rhs.markup) }

    /// Appends a fragment.
    public static func += (lhs: inout HTML, rhs: HTML) { lhs.markup += rhs.markup }

    /// Nothing.
    public static let empty = HTML(raw: "")

    /// Escapes text for element content and quoted attribute values.
    public static func escape(_ text: String) -> String {
        // Byte by byte: the five characters are ASCII, which never occurs inside a multi-byte UTF-8 sequence.
        // Most text has none of them (a chart's thousands of coordinates, figures, names) and is returned as it
        // is; rebuilding it scalar by scalar was a fifth of a fund page's time.
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 32)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            case UInt8(ascii: "'"): escaped += "&#39;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }

    /// The interpolation that escapes everything but ``HTML``.
    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        /// Reserves room for the literal parts.
        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }

        /// Appends trusted literal markup.
        public mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Appends markup as is.
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        /// Appends text, escaped.
        public mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }

        /// Appends a number.
        public mutating func appendInterpolation(_ value: some BinaryInteger) { markup += String(value) }

        /// Appends each fragment as is.
        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { markup += fragment.markup }
        }
    }
}

extension Sequence {
    /// The fragments made from each element, joined.
    public func html(_ transform: (Element) throws -> HTML) rethrows -> HTML {
        var result = HTML.empty
        for element in self { result += try transform(element) }
        return result
    }
}
