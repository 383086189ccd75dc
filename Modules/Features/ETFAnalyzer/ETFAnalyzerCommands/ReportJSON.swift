import ETFAnalyzer
import FeatureKit
import Persistence
import Foundation
import Timing

/// The report as JSON and CSV text, written directly rather than through `JSONEncoder`.
///
/// The text is exactly what `JSONOutput.string(report)` produces (sorted keys, the same pretty layout,
/// numbers as `Decimal` prints them, rounded to 10 places; a test compares the two) and the CSV has the
/// JSON rows' columns. `JSONEncoder` prints each `Decimal` through its `description`, ~10 µs apiece on
/// Linux, which for 10,000 ETFs × 15 figures is over a second.
enum ReportJSON {
    /// A JSON scalar whose number is already text.
    enum Value {
        case number(String)
        case string(String)
        case bool(Bool)
        case null
    }

    static func document(_ report: PortfolioReport) -> String {
        var writer = Writer()
        writer.bytes.reserveCapacity(report.etfs.count * 600 + 2_000)
        writer.raw("{\n  \"etfs\" : [\n")
        for (index, etf) in report.etfs.enumerated() {
            writer.raw("    {\n")
            for (position, figure) in figures(etf).enumerated() {
                writer.bytes.append(contentsOf: memberPrefixes[position])
                writer.json(figure)
            }
            writer.raw(index == report.etfs.count - 1 ? "\n    }\n" : "\n    },\n")
        }
        writer.raw("  ],\n  \"portfolio\" : {\n")
        let summary = report.portfolio
        let before: [(String, Value)] = [
            ("annualFees", number(summary.annualFees)),
            ("annualizedReturn", optionalNumber(summary.annualizedReturn)),
        ]
        writer.members(before, indent: 4)
        writer.raw(",\n    \"feeDrag\" : {\n")
        for (index, projection) in summary.feeDrag.sorted(by: { "\($0.years)" < "\($1.years)" }).enumerated() {
            writer.raw("      \"\(projection.years)\" : ")
            writer.object(
                [
                    ("drag", number(projection.drag)), ("valueWithFees", number(projection.valueWithFees)),
                    ("valueWithoutFees", number(projection.valueWithoutFees)),
                ], indent: 6, leadingIndent: false)
            writer.raw(index == summary.feeDrag.count - 1 ? "\n" : ",\n")
        }
        writer.raw("    },\n")
        let after: [(String, Value)] = [
            ("growthRate", number(summary.growthRate)),
            ("meanDaysHeld", number(summary.meanDaysHeld)),
            ("totalCapitalAppreciation", number(summary.totalCapitalAppreciation)),
            ("totalCurrent", number(summary.totalCurrent)),
            ("totalExpenses", number(summary.totalExpenses)),
            ("totalGrossReturn", number(summary.totalGrossReturn)),
            ("totalInitial", number(summary.totalInitial)),
            ("totalNetReturn", number(summary.totalNetReturn)),
            ("totalReturnPercent", number(summary.totalReturn)),
            ("totalYieldIncome", number(summary.totalYieldIncome)),
            ("weightedAnnualReturn", optionalNumber(summary.weightedAnnualReturn)),
            ("weightedExpenseRatio", number(summary.weightedExpenseRatio)),
        ]
        writer.members(after, indent: 4)
        writer.raw("\n  }\n}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func csv(_ report: PortfolioReport) -> String {
        var writer = Writer()
        writer.bytes.reserveCapacity(report.etfs.count * 250 + 200)
        writer.raw(ETFRow.columns.joined(separator: ",") + "\r\n")
        let order = csvOrder
        for analysis in report.etfs {
            let values = figures(analysis)
            for (index, position) in order.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.csv(values[position])
            }
            writer.raw("\r\n")
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// For each CSV column (``ETFRow/columns``), its position in ``figures(_:)`` (whose order is the JSON's).
    private static var csvOrder: [Int] { ETFRow.columns.map { fieldKeys.firstIndex(of: $0)! } }

    /// What goes before each ETF member's value: the separator, the indent and the key.
    private static let memberPrefixes: [[UInt8]] = fieldKeys.enumerated().map { index, key in
        Array(((index == 0 ? "" : ",\n") + "      \"" + key + "\" : ").utf8)
    }

    private static let fieldKeys = [
        "allocationPercent", "analysisDate", "annualizedReturn", "capitalAppreciation", "currentValue", "daysHeld",
        "expenses", "grossReturn", "initialInvestment", "name", "netReturn", "totalReturnPercent", "underAYear",
        "weight", "yieldIncome",
    ]

    /// A figure as the JSON prints it: rounded to 10 places, no trailing zeros.
    static func number(_ value: Decimal) -> Value {
        .number(printed(value).plainText)
    }

    /// ``number(_:)``'s digits, without the text.
    static func printed(_ value: Decimal) -> DecimalComponents {
        var parts =
            DecimalStorage.parts(value).map {
                DecimalComponents(isNegative: $0.isNegative, significand: $0.significand, exponent: $0.exponent)
            } ?? DecimalComponents(value)
        if parts.exponent < -10, let units = parts.scaled(toFractionDigits: 10) {
            parts = DecimalComponents(isNegative: parts.isNegative, significand: units, exponent: -10)
        } else if parts.exponent < -10 {
            parts = DecimalComponents(DecimalMath.rounded(value, places: 10))
        }
        return parts
    }

    private static func optionalNumber(_ value: Decimal?) -> Value { value.map(number) ?? .null }

    /// An ETF row's value before it is written: no text is made for a figure until it goes into the output.
    enum Figure {
        case number(Decimal?)
        case integer(Int)
        case date(CalendarDate)
        case text(String)
        case flag(Bool)
    }

    /// An ETF's figures in ``fieldKeys`` order (the JSON's sorted keys).
    private static func figures(_ etf: ETFAnalysis) -> [Figure] {
        [
            .number(etf.allocation), .date(etf.analysisDate), .number(etf.annualizedReturn),
            .number(etf.capitalAppreciation), .number(etf.currentValue), .integer(etf.daysHeld),
            .number(etf.expenses), .number(etf.grossReturn), .number(etf.initialInvestment), .text(etf.holding.name),
            .number(etf.netReturn), .number(etf.totalReturn), .flag(etf.isUnderAYear), .number(etf.weight),
            .number(etf.yieldIncome),
        ]
    }

    /// JSON text in `JSONEncoder`'s `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes` layout.
    ///
    /// Text goes in through `withUTF8` buffers: appending a `String.UTF8View` or scanning it element by
    /// element took a quarter of a 10,000-ETF `--format json` report.
    struct Writer {
        var bytes: [UInt8] = []

        mutating func raw(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func spaces(_ count: Int) {
            // Bulk copies: appending a `repeatElement` goes byte by byte.
            var remaining = count
            while remaining > 0 {
                let run = min(remaining, Self.blanks.count)
                Self.blanks.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
                remaining -= run
            }
        }

        private static let blanks = [UInt8](repeating: UInt8(ascii: " "), count: 16)

        /// `{ members }` with the members at `indent + 2`; members must come sorted by key.
        mutating func object(_ members: [(String, Value)], indent: Int, leadingIndent: Bool = true) {
            if leadingIndent { spaces(indent) }
            raw("{\n")
            self.members(members, indent: indent + 2)
            bytes.append(UInt8(ascii: "\n"))
            spaces(indent)
            bytes.append(UInt8(ascii: "}"))
        }

        /// `"key" : value` lines joined by commas, without a final newline.
        mutating func members(_ members: [(String, Value)], indent: Int) {
            for (index, member) in members.enumerated() {
                if index > 0 { raw(",\n") }
                spaces(indent)
                string(member.0)
                raw(" : ")
                switch member.1 {
                case .number(let text): raw(text)
                case .string(let text): string(text)
                case .bool(let flag): raw(flag ? "true" : "false")
                case .null: raw("null")
                }
            }
        }

        /// A figure as a JSON value.
        mutating func json(_ figure: Figure) {
            switch figure {
            case .number(let value?): printed(value).appendPlainText(to: &bytes)
            case .number(nil): raw("null")
            case .integer(let value): raw(String(value))
            case .date(let date): string(date.iso8601)
            case .text(let text): string(text)
            case .flag(let flag): raw(flag ? "true" : "false")
            }
        }

        /// A figure as a CSV field (nothing for a missing number).
        mutating func csv(_ figure: Figure) {
            switch figure {
            case .number(let value?): printed(value).appendPlainText(to: &bytes)
            case .number(nil): break
            case .integer(let value): raw(String(value))
            case .date(let date): raw(date.iso8601)
            case .text(let text): raw(CSVOutput.field(text))
            case .flag(let flag): raw(flag ? "true" : "false")
            }
        }

        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                bytes.append(UInt8(ascii: "\""))
                var needsEscaping = false
                for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    needsEscaping = true
                    break
                }
                if needsEscaping {
                    escape(utf8)
                } else {
                    bytes.append(contentsOf: utf8)
                }
                bytes.append(UInt8(ascii: "\""))
            }
        }

        private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
            let hexDigits = Array("0123456789abcdef".utf8)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                case ..<0x20:
                    raw("\\u00")
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
    }
}
