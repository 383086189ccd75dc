/// Display width in terminal columns: East Asian wide characters and emoji take two, combining marks and
/// zero-width characters none, ANSI escape sequences none. Used wherever text is aligned.
public enum TextWidth {
    /// The number of columns `text` occupies.
    public static func of(_ text: String) -> Int {
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
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? padding + text : text + padding
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width, width > 0 else { return text }
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
}
