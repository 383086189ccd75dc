import Foundation
import Timing

/// Reads the JSON form of a portfolio: an array of objects with the camelCase keys (`expenseRatio`,
/// `purchasePrice`, …). Numbers may be JSON numbers or numeric strings; whole lines starting with `//` are
/// comments (so `folio etf template --format json` output reads back as it is). Parsing is ``JSONValues``.
enum JSONPortfolioReader {
    static func read(_ text: String, defaultAnalysisDate: CalendarDate?) throws(PortfolioInputError) -> PortfolioDocument {
        let document: LooseJSON
        do {
            document = try JSONValues.parse(text)
        } catch {
            throw PortfolioInputError(issues: [
                InputIssue(
                    row: nil, line: error.line, column: nil,
                    message: "the JSON cannot be parsed — \(error.reason) at column \(error.column)")
            ])
        }
        guard case .array(let elements) = document else {
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, column: nil, message: "the JSON must be an array of ETF objects, found \(document.kind)")
            ])
        }
        var holdings: [ETFHolding] = []
        holdings.reserveCapacity(elements.count)
        var issues: [InputIssue] = []
        var unknownKeys: [String] = []
        var fields = FieldMatcher()
        // One slot per field, reused for every object: hashing fields into per-row dictionaries was a fifth of
        // reading a large file.
        var spellings = [String?](repeating: nil, count: PortfolioField.allCases.count)
        var values = [LooseJSON?](repeating: nil, count: PortfolioField.allCases.count)
        for (index, element) in elements.enumerated() {
            let row = index + 1
            guard case .object(let members) = element else {
                issues.append(InputIssue(row: row, column: nil, message: "expected an ETF object, found \(element.kind)"))
                continue
            }
            for slot in values.indices {
                spellings[slot] = nil
                values[slot] = nil
            }
            for (position, member) in members.enumerated() {
                if let field = fields.field(for: member.key, at: position) {
                    if values[field.ordinal] == nil {
                        spellings[field.ordinal] = member.key
                        values[field.ordinal] = member.value
                    }
                } else if !unknownKeys.contains(member.key) {
                    unknownKeys.append(member.key)
                }
            }
            let rowSpellings = spellings
            var builder = RowBuilder(
                row: row, line: nil, columnName: { rowSpellings[$0.ordinal] ?? $0.jsonName },
                defaultAnalysisDate: defaultAnalysisDate)
            let holding = builder.build { field in
                guard let value = values[field.ordinal] else { return .missing }
                switch value {
                case .null: return .missing
                case .string(let text):
                    return field == .analysisDate && HoldingRules.trim(text).isEmpty ? .missing : .text(text)
                case .number(let text):
                    return Self.decimal(fromNumber: text).map(RawValue.number)
                        ?? .other("the number \(text), which has more digits or a larger exponent than folio can hold")
                default: return .other(value.kind)
                }
            }
            if let holding { holdings.append(holding) }
            if !builder.issues.isEmpty { issues += builder.issues }
        }
        if elements.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the array is empty — add one object per ETF"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        let warnings = unknownKeys.map { "key \"\($0)\" is not one folio reads, so it is ignored" }
        return PortfolioDocument(holdings: holdings, warnings: warnings)
    }

    /// A JSON number's exact value (`2.5e-3` is 0.0025); nil beyond `Decimal`'s 38 digits or its exponents.
    static func decimal(fromNumber text: String) -> Decimal? {
        var text = text
        return text.withUTF8 { bytes -> Decimal? in
            guard let marker = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
                return DecimalComponents.parse(bytes)?.decimal
            }
            let exponentText = String(decoding: UnsafeBufferPointer(rebasing: bytes[(marker + 1)...]), as: UTF8.self)
            guard var parts = DecimalComponents.parse(UnsafeBufferPointer(rebasing: bytes[..<marker])),
                let shift = Int(exponentText.drop(while: { $0 == "+" }))
            else { return nil }
            if parts.significand != 0 {
                let (exponent, overflow) = parts.exponent.addingReportingOverflow(shift)
                guard !overflow, (-128...127).contains(exponent) else { return nil }
                parts.exponent = exponent
            }
            return parts.decimal
        }
    }
}

/// Matches a key spelling to its field once per file. Objects written by one program list their keys in the
/// same order, so the spelling last seen at the same position is compared first (no hashing).
private struct FieldMatcher {
    private var byPosition: [(key: String, field: PortfolioField?)] = []
    private var bySpelling: [String: PortfolioField?] = [:]

    mutating func field(for key: String, at position: Int) -> PortfolioField? {
        if position < byPosition.count, byPosition[position].key == key { return byPosition[position].field }
        let field: PortfolioField?
        if let known = bySpelling[key] {
            field = known
        } else {
            field = PortfolioField(header: key)
            bySpelling[key] = field
        }
        if position < byPosition.count {
            byPosition[position] = (key, field)
        } else if position == byPosition.count {
            byPosition.append((key, field))
        }
        return field
    }
}
