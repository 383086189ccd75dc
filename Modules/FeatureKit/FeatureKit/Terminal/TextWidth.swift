/// Display width in terminal columns: East Asian wide characters and emoji take two, combining marks and
/// zero-width characters none, ANSI escape sequences none. Used wherever text is aligned.
public enum TextWidth {
    /// The number of columns `text` occupies.
    public static func of(_ text: String) -> Int {
        if let width = asciiWidth(text) { return width }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += of(character)
        }
        return width
    }

    /// The columns of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
            || character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
        {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` padded with spaces to `width` columns, on the right (`left` alignment) or the left.
    public static func pad(_ text: String, to width: Int, alignRight: Bool) -> String {
        let count = max(0, width - of(text))
        guard count > 0 else { return text }
        let padding = String(repeating: " ", count: count)
        return alignRight ? padding + text : text + padding
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width, width > 0 else { return text }
        return cut(text, to: width).text
    }

    /// `truncate` for text already known to be wider than `width` (> 0), with the result's width, so tables
    /// need not measure the cut text again.
    static func cut(_ text: String, to width: Int) -> (text: String, width: Int) {
        if let cut = asciiCut(text, to: width) { return cut }
        let result = graphemeCut(text, to: width)
        return (result, of(result))
    }

    private static func graphemeCut(_ text: String, to width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    // MARK: - ASCII

    // In ASCII every grapheme is one byte except "\r\n", and both of its bytes are zero-width controls, so
    // bytes can be counted directly: printable characters one column, controls none. Most table cells are
    // ASCII, and walking graphemes costs far more than walking bytes.

    /// The width of `text` when it is all ASCII (escape sequences skipped as in `of`), else nil.
    static func asciiWidth(_ text: String) -> Int? {
        var text = text
        // A native string's bytes are contiguous: a pointer loop is several times cheaper than `UTF8View`'s
        // index walk, and tables measure every cell.
        return text.withUTF8 { bytes in asciiScan(bytes[...])?.width }
    }

    /// The width of ASCII bytes and whether they end inside an escape sequence; nil at a non-ASCII byte.
    private static func asciiScan(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> (width: Int, inEscape: Bool)? {
        var width = 0
        var inEscape = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if inEscape {
                if isASCIILetter(byte) { inEscape = false }
                continue
            }
            if byte == 0x1B {
                inEscape = true
                continue
            }
            if isPrintable(byte) { width += 1 }
        }
        return (width, inEscape)
    }

    /// `cut` for all-ASCII `text`, over its contiguous bytes and with one allocation; nil when `text` has a
    /// non-ASCII byte.
    ///
    /// Like `truncate`'s grapheme loop it keeps characters while their count (escape sequences' characters
    /// included) fits `width - 1` columns, so both cut at the same place; the width it reports skips escape
    /// sequences as `of` does, and an escape sequence left open by the cut swallows the `…`.
    private static func asciiCut(_ text: String, to width: Int) -> (text: String, width: Int)? {
        var text = text
        return text.withUTF8 { bytes -> (text: String, width: Int)? in
            let columns = width - 1
            var counted = 0
            var kept: Int?
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                let columnsOfByte = isPrintable(byte) ? 1 : 0
                if kept == nil && counted + columnsOfByte > columns { kept = offset }
                counted += columnsOfByte
            }
            let prefix = bytes[..<(kept ?? bytes.count)]
            guard let scan = asciiScan(prefix) else { return nil }
            let ellipsis = "…".utf8
            let result = String(unsafeUninitializedCapacity: prefix.count + ellipsis.count) { buffer in
                let afterPrefix = buffer.initialize(fromContentsOf: prefix)
                return buffer[afterPrefix...].initialize(fromContentsOf: ellipsis)
            }
            return (result, scan.width + (scan.inEscape ? 0 : 1))
        }
    }

    private static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
