import Foundation
import Timing

/// Reads the JSON form of a portfolio: an array of objects with the camelCase keys (`expenseRatio`,
/// `purchasePrice`, …). Numbers may be JSON numbers or numeric strings; whole lines starting with `//` are
/// comments (so `folio etf template --format json` output reads back as it is).
enum JSONPortfolioReader {
    static func read(_ text: String, defaultAnalysisDate: CalendarDate?) throws(PortfolioInputError) -> PortfolioDocument {
        let data = Data(withoutComments(text).utf8)
        let elements: [LooseElement]
        do {
            elements = try JSONDecoder().decode([LooseElement].self, from: data)
        } catch {
            if let value = try? JSONDecoder().decode(LooseJSON.self, from: data) {
                throw PortfolioInputError(issues: [
                    InputIssue(
                        row: nil, column: nil,
                        message: "the JSON must be an array of ETF objects, found \(value.kind)")
                ])
            }
            let (line, reason) = syntaxError(in: data)
            throw PortfolioInputError(issues: [
                InputIssue(row: nil, line: line, column: nil, message: "the JSON cannot be parsed — \(reason)")
            ])
        }
        var holdings: [ETFHolding] = []
        var issues: [InputIssue] = []
        var unknownKeys: [String] = []
        for (index, element) in elements.enumerated() {
            let row = index + 1
            guard case .object(let object) = element else {
                if case .other(let kind) = element {
                    issues.append(InputIssue(row: row, column: nil, message: "expected an ETF object, found \(kind)"))
                }
                continue
            }
            var keys: [PortfolioField: String] = [:]
            for key in object.keys.sorted() {
                if let field = PortfolioField(header: key), keys[field] == nil {
                    keys[field] = key
                } else if !unknownKeys.contains(key) {
                    unknownKeys.append(key)
                }
            }
            var builder = RowBuilder(
                row: row, line: nil, columnName: { keys[$0] ?? $0.jsonName }, defaultAnalysisDate: defaultAnalysisDate)
            let holding = builder.build { field in
                guard let key = keys[field], let value = object[key] else { return .missing }
                switch value {
                case .null: return .missing
                case .string(let text):
                    return field == .analysisDate && HoldingRules.trim(text).isEmpty
                        ? .missing : .text(text)
                case .number(let number): return .number(number)
                default: return .other(value.kind)
                }
            }
            if let holding { holdings.append(holding) }
            issues += builder.issues
        }
        if elements.isEmpty {
            issues.append(InputIssue(row: nil, column: nil, message: "the array is empty — add one object per ETF"))
        }
        guard issues.isEmpty else { throw PortfolioInputError(issues: issues) }
        let warnings = unknownKeys.map { "key \"\($0)\" is not one folio reads, so it is ignored" }
        return PortfolioDocument(holdings: holdings, warnings: warnings)
    }

    /// The text with `//` comment lines blanked, keeping line numbers for the decoder's messages.
    static func withoutComments(_ text: String) -> String {
        guard text.contains("//") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//") ? "" : line
        }.joined(separator: "\n")
    }

    /// Where and why the JSON is malformed: JSONDecoder on Linux says only "not valid JSON", so the text is
    /// parsed again with JSONSerialization, whose message names the character offset, turned into a line.
    private static func syntaxError(in data: Data) -> (line: Int?, reason: String) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return (nil, "it is not valid JSON")
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "it is not valid JSON"
            guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                let offset = Int(detail[range].dropFirst("character ".count))
            else { return (nil, detail.trimmingCharacters(in: CharacterSet(charactersIn: "."))) }
            let prefix = data.prefix(offset)
            let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return (line, "unexpected text at column \(column)")
        }
    }
}

/// One element of the top-level array: an object (tried first, as almost every element is one) or
/// anything else, described for the message.
enum LooseElement: Decodable {
    case object([String: LooseJSON])
    case other(String)

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.singleValueContainer().decode([String: LooseJSON].self) {
            self = .object(object)
        } else {
            self = .other(try LooseJSON(from: decoder).kind)
        }
    }
}

/// Any JSON value, numbers kept as exact decimals so `0.07` stays 0.07. Kinds are tried in the order
/// they are common in a portfolio, because each failed attempt costs an error value.
enum LooseJSON: Decodable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([LooseJSON])
    case object([String: LooseJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([LooseJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: LooseJSON].self))
        }
    }

    /// The kind of value, for messages (`true`, `an object`).
    var kind: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): "the number \(value)"
        case .string(let value): "the text \"\(value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
