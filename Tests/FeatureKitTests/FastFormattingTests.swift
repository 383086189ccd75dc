@testable import FeatureKit
import Foundation
import Persistence
import Testing

/// `NumberFormat`, `TextWidth` and `TextTable` take integer and byte fast paths; their text must stay exactly
/// what the Decimal and grapheme algorithms they replaced wrote, which these tests keep as references.
@Suite struct NumberFormatEquivalenceTests {
    static func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static let edgeValues: [Decimal] =
        [
            "0", "1", "-1", "0.005", "0.015", "0.025", "-0.005", "-0.004", "1234.565", "1234.575", "999.995", "-999.995",
            "1234567.891", "0.1234", "-0.0501", "12.345678901234567890123", "-98765432109876.54321", "0.00001",
            "100", "0.3333333333333333333333333333333333333", "1e-30", "123456789012345678901234.5", "0.5", "1.5", "2.5",
            "-2.5", "-0.5", "0.0049999", "9007199254740993", "18446744073709551615", "18446744073709551616.5",
        ].map(dec)
        // Full-width quotients and powers: 38–39 significant digits.
        + [Decimal(1) / Decimal(3), Decimal(-2) / Decimal(3), (0..<30).reduce(dec("52971.5")) { value, _ in value * dec("1.07") }]
        // Too large for 128 bits at the requested precision: the Decimal fallback.
        + [dec("1e40"), dec("-1e50"), dec("123456789012345678901234567890123456789"), Decimal.greatestFiniteMagnitude]
        + [Decimal.leastNonzeroMagnitude, -Decimal.leastNonzeroMagnitude]

    /// Random values across the ranges reports print, seeded so a failure repeats.
    static func randomValues(count: Int) -> [Decimal] {
        var generator = SplitMix64(seed: 0x5EED_F011)
        return (0..<count).map { index in
            let significand: Decimal
            switch index % 4 {
            case 0: significand = Decimal(UInt64.random(in: 0...999_999, using: &generator))
            case 1: significand = Decimal(UInt64.random(in: 0...UInt64(1) << 53, using: &generator))
            case 2: significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))
            default:
                significand = Decimal(UInt64.random(in: 1...UInt64.max, using: &generator)) * Decimal(UInt64.max)
                    + Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))
            }
            let exponent = Int.random(in: -40...6, using: &generator)
            let sign: FloatingPointSign = Bool.random(using: &generator) ? .minus : .plus
            return Decimal(sign: sign, exponent: exponent, significand: significand)
        }
    }

    // The public functions as they were written before the integer path, on `referenceDecimal`.

    static func referenceMoney(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let text = NumberFormat.referenceDecimal(value, fractionDigits: fractionDigits, grouping: true)
        let symbol = NumberFormat.currencySymbol(currency)
        return text.hasPrefix("-") ? "-" + symbol + text.dropFirst() : symbol + text
    }

    static func referenceSignedMoney(_ value: Decimal, currency: String, fractionDigits: Int = 2) -> String {
        let text = referenceMoney(value, currency: currency, fractionDigits: fractionDigits)
        let zero = NumberFormat.referenceDecimal(0, fractionDigits: fractionDigits, grouping: true)
        return value > 0 && NumberFormat.referenceDecimal(value, fractionDigits: fractionDigits, grouping: true) != zero
            ? "+" + text : text
    }

    static func expectSameText(_ value: Decimal, places: [Int]) {
        for places in places {
            for grouping in [true, false] {
                #expect(
                    NumberFormat.decimal(value, fractionDigits: places, grouping: grouping)
                        == NumberFormat.referenceDecimal(value, fractionDigits: places, grouping: grouping),
                    "\(value) \(places) \(grouping)")
            }
            for signed in [true, false] {
                #expect(
                    NumberFormat.percent(value, fractionDigits: places, signed: signed)
                        == NumberFormat.referencePercent(value, fractionDigits: places, signed: signed),
                    "\(value) \(places) \(signed)")
            }
        }
        for currency in ["USD", "gbp", "INR", "CHF"] {
            #expect(NumberFormat.money(value, currency: currency) == referenceMoney(value, currency: currency), "\(value)")
            #expect(
                NumberFormat.signedMoney(value, currency: currency) == referenceSignedMoney(value, currency: currency),
                "\(value)")
        }
        #expect(
            NumberFormat.money(value, currency: "INR", fractionDigits: 4)
                == referenceMoney(value, currency: "INR", fractionDigits: 4), "\(value)")
    }

    @Test func edgeCasesReadAsTheDecimalAlgorithmWrites() {
        for value in Self.edgeValues { Self.expectSameText(value, places: [0, 1, 2, 3, 4, 8, 38, 39]) }
    }

    @Test func randomValuesReadAsTheDecimalAlgorithmWrites() {
        for value in Self.randomValues(count: 1_500) { Self.expectSameText(value, places: [0, 2, 3, 4]) }
    }

    @Test func roundsHalfToEven() {
        #expect(NumberFormat.decimal(Self.dec("0.125")) == "0.12")
        #expect(NumberFormat.decimal(Self.dec("0.135")) == "0.14")
        #expect(NumberFormat.decimal(Self.dec("2.5"), fractionDigits: 0) == "2")
        #expect(NumberFormat.decimal(Self.dec("3.5"), fractionDigits: 0) == "4")
        #expect(NumberFormat.decimal(Self.dec("-2.5"), fractionDigits: 0) == "-2")
        #expect(NumberFormat.decimal(Self.dec("0.1251"), fractionDigits: 2) == "0.13")
        #expect(NumberFormat.percent(Self.dec("0.000125")) == "+0.01%")
    }

    @Test func negativesZeroAndSigns() {
        #expect(NumberFormat.decimal(Self.dec("-1234567.891")) == "-1,234,567.89")
        #expect(NumberFormat.decimal(Self.dec("-0.004")) == "0.00")
        #expect(NumberFormat.decimal(0, fractionDigits: 0) == "0")
        #expect(NumberFormat.decimal(Self.dec("1234567"), grouping: false) == "1234567.00")
        #expect(NumberFormat.signedMoney(Self.dec("-3.5"), currency: "GBP") == "-£3.50")
        #expect(NumberFormat.signedMoney(Self.dec("0.001"), currency: "GBP") == "£0.00")
        #expect(NumberFormat.signedMoney(0, currency: "usd") == "$0.00")
        #expect(NumberFormat.percent(Self.dec("-0.00001")) == "0.00%")
        #expect(NumberFormat.percent(Self.dec("0.5"), fractionDigits: 0) == "+50%")
    }

    @Test func hugeValuesAndNaNFallBackToTheDecimalPath() {
        let huge = Self.dec("123456789012345678901234567890123456789")
        // Read from storage, a 39-digit significand splits exactly; through the bridge it could not.
        #expect(
            DecimalParts(huge)
                == (DecimalStorage.isReadable
                    ? DecimalParts(isNegative: false, significand: 123_456_789_012_345_678_901_234_567_890_123_456_789, exponent: 0)
                    : nil))
        #expect(DecimalParts(Self.dec("1e30"))?.scaled(toFractionDigits: 10) == nil)
        #expect(NumberFormat.decimal(huge, fractionDigits: 0) == "123,456,789,012,345,678,901,234,567,890,123,456,789")
        #expect(NumberFormat.decimal(Self.dec("1e40"), fractionDigits: 0) == "10" + String(repeating: ",000", count: 13))
        #expect(NumberFormat.decimal(.nan) == NumberFormat.referenceDecimal(.nan, fractionDigits: 2, grouping: true))
        #expect(NumberFormat.percent(Decimal.nan) == NumberFormat.referencePercent(.nan, fractionDigits: 2, signed: true))
        #expect(NumberFormat.decimal(Self.dec("1234.5"), fractionDigits: -1) == "1,230")
    }

    @Test func currencySymbolsIgnoreCase() {
        #expect(NumberFormat.currencySymbol("usd") == "$")
        #expect(NumberFormat.currencySymbol("Chf") == "CHF ")
        #expect(NumberFormat.currencySymbol("EUR") == "€")
    }
}

@Suite struct TextWidthEquivalenceTests {
    /// `TextWidth.of` before its ASCII path: every grapheme measured, escape sequences skipped.
    static func referenceWidth(_ text: String) -> Int {
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
            width += TextWidth.of(character)
        }
        return width
    }

    static func referencePad(_ text: String, to width: Int, alignRight: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - referenceWidth(text)))
        return alignRight ? padding + text : text + padding
    }

    static func referenceTruncate(_ text: String, to width: Int) -> String {
        guard referenceWidth(text) > width, width > 0 else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = TextWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    static let samples = [
        "", "plain", "  spaced  ", "tab\there", "line\r\nbreak", "\u{7F}del", "\u{1B}[31mred\u{1B}[0m", "\u{1B}[1;32mA\u{1B}[0m",
        "unterminated \u{1B}[3", "Axis ₹", "日本株ファンド", "Emoji 📈", "flag 🇬🇧", "e\u{301}clair", "👩‍👩‍👧 family",
        "\u{1B}[32m日本\u{1B}[0m", "₹144.1300", "£1,234.56", "a\u{200B}b", "#️⃣ key", "\u{0600} x",
    ]

    static func randomSamples(count: Int) -> [String] {
        var generator = SplitMix64(seed: 42)
        let pieces = ["a", "Z", "9", " ", ",", "\t", "\r", "\n", "\u{1B}[", "m", "3", "₹", "名", "📈", "\u{301}", "é"]
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    @Test func widthsPaddingAndCutsMatchTheGraphemeAlgorithm() {
        for text in Self.samples + Self.randomSamples(count: 2_000) {
            #expect(TextWidth.of(text) == Self.referenceWidth(text), "\(text.debugDescription)")
            for width in [0, 1, 2, 3, 5, 8, 30] {
                #expect(TextWidth.truncate(text, to: width) == Self.referenceTruncate(text, to: width), "\(text.debugDescription)")
                for alignRight in [false, true] {
                    #expect(
                        TextWidth.pad(text, to: width, alignRight: alignRight)
                            == Self.referencePad(text, to: width, alignRight: alignRight), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func ansiCJKAndEmojiWidths() {
        #expect(TextWidth.of("\u{1B}[31m-2.00%\u{1B}[0m") == 6)
        #expect(TextWidth.of("日本株ファンド") == 14)
        #expect(TextWidth.of("Emoji 📈") == 8)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("a\r\nb") == 2)
        #expect(TextWidth.truncate("Hello, world", to: 6) == "Hello…")
        #expect(TextWidth.truncate("日本株ファンド", to: 6) == "日本…")
    }
}

@Suite struct TextTableEquivalenceTests {
    /// `TextTable.render` before the byte buffer: each line joined from padded Strings, widths measured per use.
    static func referenceRender(_ table: TextTable, style: Style, maxWidth: Int) -> String {
        let columns = table.columns
        var widths = columns.indices.map { index in
            ([columns[index].title] + (table.rows + table.footer).map { index < $0.count ? $0[index].text : "" })
                .map(TextWidthEquivalenceTests.referenceWidth).max() ?? 0
        }
        let gap = 2
        let total = widths.reduce(0, +) + gap * max(0, widths.count - 1)
        if total > maxWidth {
            var excess = total - maxWidth
            for index in columns.indices where columns[index].truncatable && excess > 0 {
                let cut = min(excess, max(0, widths[index] - 12))
                widths[index] -= cut
                excess -= cut
            }
        }
        func line(_ cells: [TextTable.Cell], header: Bool) -> String {
            var text = columns.indices.map { index -> String in
                let cell = index < cells.count ? cells[index] : TextTable.Cell("")
                let cut = TextWidthEquivalenceTests.referenceTruncate(cell.text, to: widths[index])
                let padded = TextWidthEquivalenceTests.referencePad(cut, to: widths[index], alignRight: columns[index].alignRight)
                if header { return style.bold(padded) }
                return cell.color.map { style.apply($0, padded) } ?? padded
            }
            .joined(separator: String(repeating: " ", count: gap))
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = style.dim(String(repeating: "─", count: min(maxWidth, widths.reduce(0, +) + gap * (widths.count - 1))))
        var lines = [line(columns.map { TextTable.Cell($0.title) }, header: true), rule]
        lines += table.rows.map { line($0, header: false) }
        if !table.footer.isEmpty {
            lines.append(rule)
            lines += table.footer.map { line($0, header: false) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func rendersExactlyAsBefore() {
        var generator = SplitMix64(seed: 7)
        let texts = [
            "", "x", "A very long name that will have to be cut short", "Ünïcödé 名前", "$1.00", "-$2.50", "₹144.1300",
            "Emoji 📈", "ends in space ", "\u{0600}", "\u{0600} ", "tab\tin", "日本株ファンド", "\u{1B}[2mdim\u{1B}[0m",
        ]
        let colors: [Style.Color?] = [nil, nil, .green, .red]
        for _ in 0..<200 {
            let columnCount = Int.random(in: 1...5, using: &generator)
            let columns = (0..<columnCount).map { index in
                TextTable.Column(
                    ["NAME", "VALUE", "名前", "NOTE", ""].randomElement(using: &generator)! + "\(index)",
                    alignRight: Bool.random(using: &generator), truncatable: Bool.random(using: &generator))
            }
            func row() -> [TextTable.Cell] {
                (0..<Int.random(in: 0...(columnCount + 1), using: &generator)).map { _ in
                    TextTable.Cell(texts.randomElement(using: &generator)!, color: colors.randomElement(using: &generator)!)
                }
            }
            let table = TextTable(
                columns: columns, rows: (0..<Int.random(in: 0...6, using: &generator)).map { _ in row() },
                footer: (0..<Int.random(in: 0...1, using: &generator)).map { _ in row() })
            for color in [false, true] {
                for width in [20, 40, 100] {
                    let style = Style(colorEnabled: color)
                    #expect(table.render(style: style, maxWidth: width) == Self.referenceRender(table, style: style, maxWidth: width))
                }
            }
        }
    }
}

/// A small seeded generator, so random cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
