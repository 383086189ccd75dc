/// Colours and emphasis, on only when standard output is a terminal and neither `NO_COLOR` nor
/// `--no-color` is set; off, every call returns the text unchanged.
public struct Style: Sendable, Equatable {
    /// ANSI colours and attributes.
    public enum Color: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
        case gray = "90"
        case bold = "1"
        case dim = "2"
    }

    /// Whether escapes are emitted.
    public var colorEnabled: Bool

    /// Creates a style.
    public init(colorEnabled: Bool) { self.colorEnabled = colorEnabled }

    /// Decides colour the standard way.
    public static func resolve(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = environment["TERM"] == "dumb"
        return Style(colorEnabled: isTerminal && !noColor && !noColorFlag && !dumb)
    }

    /// `text` in `color`.
    public func apply(_ color: Color, _ text: String) -> String {
        colorEnabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Green for a rise, red for a fall, plain for zero or unknown.
    public func trend(_ text: String, sign: Int) -> String {
        sign > 0 ? apply(.green, text) : sign < 0 ? apply(.red, text) : text
    }

    /// Bold text.
    public func bold(_ text: String) -> String { apply(.bold, text) }

    /// Dimmed text.
    public func dim(_ text: String) -> String { apply(.dim, text) }

    /// `text` without the colours ``apply(_:_:)`` adds: what goes to a file (`--output`) is read later, in an
    /// editor or another program, where the escapes are noise, even when the command ran on a terminal.
    public static func removingColor(from text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var plain = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: [Unicode.Scalar] = []
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                plain.append(scalar)
                continue
            }
            // An escape is dropped only as a whole colour sequence, ESC [ digits and semicolons m; anything else
            // is kept as it came.
            pending = [scalar]
            var ended = false
            while let next = scalars.next() {
                pending.append(next)
                if pending.count == 2 ? next == "[" : (next == ";" || ("0"..."9").contains(next)) { continue }
                ended = next == "m" && pending.count > 2
                break
            }
            if !ended { plain.append(contentsOf: pending) }
        }
        return String(plain)
    }
}
