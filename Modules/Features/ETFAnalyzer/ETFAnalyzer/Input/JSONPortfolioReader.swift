import Foundation
import Money
import Timing

/// Reads the JSON form of a portfolio with Foundation's `JSONDecoder`: an array of objects with the camelCase
/// keys (`expenseRatio`, `purchasePrice`, …). Numbers may be JSON numbers or numeric strings; whole lines
/// starting with `//` are comments (so `folio etf template --format json` output reads back as it is).
///
/// Each object is decoded field by field into ``RawValue``s, so one wrong value is reported with its row and
/// key while every other row is still checked.
enum JSONPortfolioReader {
    static func read(
        _ text: String, defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        try validate(try elements(text), defaultAnalysisDate: defaultAnalysisDate)
    }

    /// The array's elements, each object's members as raw values; the shape's or the syntax's problem otherwise.
    static func elements(_ text: String) throws(PortfolioInputError) -> [JSONPortfolioElement] {
        let data = Data(withoutComments(text).utf8)
        let elements: [JSONPortfolioElement]
        do {
            elements = try JSONDecoder().decode(Document.self, from: data).elements
        } catch let shape as ShapeError {
            throw PortfolioInputError(issues: [
                InputIssue(
                    row: nil, column: nil, message: "the JSON must be an array of ETF objects, found \(shape.kind)")
            ])
        } catch {
            throw PortfolioInputError(issues: [syntaxIssue(data)])
        }
        return elements
    }

    /// Applies the rules to every object of `elements`, reporting every problem with its row and key.
    static func validate(
        _ elements: [JSONPortfolioElement], defaultAnalysisDate: CalendarDate?
    ) throws(PortfolioInputError) -> PortfolioDocument {
        var holdings: [ETFHolding] = []
        holdings.reserveCapacity(elements.count)
        var issues: [InputIssue] = []
        var unknownKeys: [String] = []
        for (index, element) in elements.enumerated() {
            let row = index + 1
            guard case .object(let members) = element else {
                if case .other(let kind) = element {
                    issues.append(InputIssue(row: row, column: nil, message: "expected an ETF object, found \(kind)"))
                }
                continue
            }
            var spellings = [String?](repeating: nil, count: PortfolioField.allCases.count)
            var values = [RawValue?](repeating: nil, count: PortfolioField.allCases.count)
            for member in members {
                if let field = PortfolioField(header: member.key) {
                    if values[field.ordinal] == nil {
                        spellings[field.ordinal] = member.key
                        values[field.ordinal] = member.value
                    }
                } else if !unknownKeys.contains(member.key), !LivePrices.isSymbolHeader(member.key) {
                    unknownKeys.append(member.key)
                }
            }
            let rowSpellings = spellings
            var builder = RowBuilder(
                row: row, line: nil, columnName: { rowSpellings[$0.ordinal] ?? $0.jsonName },
                defaultAnalysisDate: defaultAnalysisDate)
            let holding = builder.build { field in
                guard let value = values[field.ordinal] else { return .missing }
                if !field.isRequired, case .text(let text) = value, HoldingRules.trim(text).isEmpty {
                    return .missing
                }
                return value
            }
            if var holding {
                if case .text(let text) = members.first(where: { LivePrices.isSymbolHeader($0.key) })?.value {
                    holding.symbol = LivePrices.symbol(text)
                }
                holdings.append(holding)
            }
            if !builder.issues.isEmpty { issues += builder.issues }
        }
        if elements.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the array is empty — add one object per ETF"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        let warnings = unknownKeys.map { "key \"\($0)\" is not one folio reads, so it is ignored" }
        return PortfolioDocument(holdings: holdings, warnings: warnings)
    }

    /// `text` with a leading byte-order mark dropped and every whole-line `//` comment blanked. A JSON string
    /// cannot span lines, so such a line is never inside one; blanking keeps the line numbers of errors.
    static func withoutComments(_ text: String) -> String {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        guard hasTwoSlashes(body) else { return String(body) }
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") ? "" : line
        }.joined(separator: "\n")
    }

    /// Whether `text` holds `//`, by one pass over its bytes: Foundation's `contains` goes through NSString and
    /// the standard library's generic substring search is slower still, a tenth and a half of reading a large
    /// portfolio.
    static func hasTwoSlashes(_ text: Substring) -> Bool {
        var afterSlash = false
        for byte in text.utf8 {
            let isSlash = byte == UInt8(ascii: "/")
            if isSlash && afterSlash { return true }
            afterSlash = isSlash
        }
        return false
    }

    /// Where the JSON stops being JSON. `JSONDecoder` says only that the data is not valid JSON;
    /// `JSONSerialization` names the character, which gives the line and column.
    static func syntaxIssue(_ data: Data) -> InputIssue {
        var reason = "it is not valid JSON"
        var line: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let marker = description.range(of: "around character "),
                let offset = Int(description[marker.upperBound...].prefix(while: \.isNumber))
            {
                let (atLine, column) = position(ofCharacter: offset, in: data)
                line = atLine
                let what = description[..<marker.lowerBound].trimmingCharacters(in: .whitespaces)
                reason =
                    "\(what.isEmpty ? "invalid JSON" : what.prefix(1).lowercased() + what.dropFirst()) at column \(column)"
            } else if !description.isEmpty {
                reason = description
            }
        }
        return InputIssue(row: nil, line: line, column: nil, message: "the JSON cannot be parsed — \(reason)")
    }

    /// The 1-based line and column (in characters) of the `offset`-th character of `data`.
    private static func position(ofCharacter offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for (index, scalar) in String(decoding: data, as: UTF8.self).unicodeScalars.enumerated() {
            if index == offset { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

/// The top level: an array of elements, or a ``ShapeError`` naming what it is instead.
private struct Document: Decodable {
    var elements: [JSONPortfolioElement]

    init(from decoder: any Decoder) throws {
        guard var array = try? decoder.unkeyedContainer() else { throw ShapeError(kind: try describe(decoder)) }
        var elements: [JSONPortfolioElement] = []
        if let count = array.count { elements.reserveCapacity(count) }
        while !array.isAtEnd { elements.append(try array.decode(JSONPortfolioElement.self)) }
        self.elements = elements
    }
}

/// A top level that is not an array.
private struct ShapeError: Error {
    var kind: String
}

/// One array element: an object's members as raw values, or the description of a non-object.
enum JSONPortfolioElement: Decodable {
    case object([(key: String, value: RawValue)])
    case other(String)

    init(from decoder: any Decoder) throws {
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            self = .other(try describe(decoder))
            return
        }
        // `allKeys` has no order; sorted keys make warnings and a field given under two spellings the same on
        // every run.
        let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
        var members: [(key: String, value: RawValue)] = []
        members.reserveCapacity(keys.count)
        for key in keys {
            // Unknown keys are only reported, never decoded; the symbol is kept for `analyze --live`.
            guard let field = PortfolioField(header: key.stringValue) else {
                let symbol = LivePrices.isSymbolHeader(key.stringValue)
                members.append(
                    (key.stringValue, symbol ? try Self.value(object, key, expectingNumber: false) : .missing))
                continue
            }
            members.append((key.stringValue, try Self.value(object, key, expectingNumber: field.isNumeric)))
        }
        self = .object(members)
    }

    /// The value under `key`. The kind the field expects is tried first: `JSONDecoder` learns that a value is
    /// not a string only by failing to decode one, and each failure builds an error.
    private static func value(
        _ object: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, expectingNumber: Bool
    )
        throws -> RawValue
    {
        if try object.decodeNil(forKey: key) { return .missing }
        if expectingNumber, let number = try? object.decode(Decimal.self, forKey: key) { return rawNumber(number) }
        if let text = try? object.decode(String.self, forKey: key) { return .text(text) }
        if !expectingNumber, let number = try? object.decode(Decimal.self, forKey: key) { return rawNumber(number) }
        if let number = try? object.decode(Double.self, forKey: key) {
            return .other("the number \(number), which has more digits or a larger exponent than folio can hold")
        }
        return .other(try describe(try object.superDecoder(forKey: key)))
    }

    private static func rawNumber(_ number: Decimal) -> RawValue {
        if let amount = try? Amount(exactly: number) { return .number(amount) }
        return .other("the number \(number), which has more digits or decimal places than folio can hold")
    }
}

/// What a JSON value is, for messages: `true`, `the number 5`, `an object`.
private func describe(_ decoder: any Decoder) throws -> String {
    if (try? decoder.container(keyedBy: AnyKey.self)) != nil { return "an object" }
    if (try? decoder.unkeyedContainer()) != nil { return "an array" }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() { return "null" }
    if let flag = try? value.decode(Bool.self) { return flag ? "true" : "false" }
    if let number = try? value.decode(Decimal.self) { return "the number \(number)" }
    if let number = try? value.decode(Double.self) { return "the number \(number)" }
    if let text = try? value.decode(String.self) { return "the text \"\(text)\"" }
    return "a value"
}

/// Any object key.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
