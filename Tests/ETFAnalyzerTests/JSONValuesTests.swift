@testable import ETFAnalyzer
import Foundation
import Testing

@Suite("JSON parsing")
struct JSONValuesTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> LooseJSON { try JSONValues.parse(text) }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("every kind of value, members in order, numbers as written")
    func values() throws {
        let value = try parse(#"{"b": [1, -0.50, 2.5e-3, 1E+2, 0], "a": {"t": true, "f": false, "n": null}, "s": "x"}"#)
        #expect(
            value
                == .object([
                    .init(key: "b", value: .array([.number("1"), .number("-0.50"), .number("2.5e-3"), .number("1E+2"), .number("0")])),
                    .init(key: "a", value: .object([.init(key: "t", value: .bool(true)), .init(key: "f", value: .bool(false)), .init(key: "n", value: .null)])),
                    .init(key: "s", value: .string("x")),
                ]))
        #expect(try parse(" [ ] ") == .array([]))
        #expect(try parse("{}") == .object([]))
    }

    @Test("escapes, surrogate pairs and non-ASCII text")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""caf\u00e9 \u20AC \ud83d\ude00""#) == .string("café € 😀"))
        #expect(try parse(#""lone \ud83d here""#) == .string("lone \u{FFFD} here"))
        #expect(try parse("\"Société Générale, ETF\"") == .string("Société Générale, ETF"))
    }

    @Test("comment lines, a byte-order mark and CRLF line ends are accepted")
    func comments() throws {
        let text = "\u{FEFF}// a portfolio\r\n[\r\n  // one ETF\r\n  {\"name\": \"A\"}\r\n]\r\n"
        #expect(try parse(text) == .array([.object([.init(key: "name", value: .string("A"))])]))
        // `//` after a value on the same line is not a comment.
        #expect(syntaxError("[1, // no\n2]")?.reason == "expected a value, found '/'")
    }

    @Test("syntax errors name the line, the column and what was expected")
    func errors() {
        let missingColon = syntaxError("[\n  {\"name\": \"A\",\n   \"yield\" 2}\n]")
        #expect(missingColon == JSONSyntaxError(line: 3, column: 12, reason: "expected ':' after the key \"yield\", found '2'"))
        #expect(syntaxError("[1, 2") == JSONSyntaxError(line: 1, column: 6, reason: "expected ',' or ']' after an array element, found the end of the text"))
        #expect(syntaxError("[1,]")?.reason == "expected a value, found ']'")
        #expect(syntaxError("{\"a\": 1,}")?.reason == "expected a key in double quotes, found '}'")
        #expect(syntaxError("{\"a\": 1 \"b\": 2}")?.reason == "expected ',' or '}' after the value of \"a\", found '\"'")
        #expect(syntaxError("[1] x")?.reason == "unexpected 'x' after the end of the JSON")
        #expect(syntaxError("")?.reason == "the text is empty")
        #expect(syntaxError("[tru]")?.reason == "expected a value, found 't'")
        #expect(syntaxError("[01]")?.reason == "a number cannot start with 0")
        #expect(syntaxError("[1.]")?.reason == "a '.' must be followed by digits")
        #expect(syntaxError("[1e]")?.reason == "an exponent needs digits")
        #expect(syntaxError("[-]")?.reason == "a '-' must be followed by digits")
        #expect(syntaxError("[\"a\\x\"]")?.reason == "\\x is not a JSON escape")
        #expect(syntaxError("[\"\\u12G4\"]")?.reason == "\\u needs four hexadecimal digits")
        #expect(syntaxError("[\"abc")?.reason == "a string opened here is never closed with a double quote")
        #expect(syntaxError("[\"ab\nc\"]")?.line == 1)
        #expect(syntaxError("[\"ab\nc\"]")?.reason.hasPrefix("a string is still open at the end of the line") == true)
        #expect(syntaxError("[\"é\", ü]") == JSONSyntaxError(line: 1, column: 7, reason: "expected a value, found 'ü'"))
    }

    @Test("nesting is bounded")
    func depth() throws {
        let deepest = String(repeating: "[", count: JSONValues.maximumDepth) + String(repeating: "]", count: JSONValues.maximumDepth)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = "[" + deepest + "]"
        #expect(syntaxError(tooDeep)?.reason == "arrays and objects are nested more than 512 deep")
    }

    @Test("numbers become exact decimals, exponents included; out-of-range ones are refused")
    func numbers() {
        #expect(JSONPortfolioReader.decimal(fromNumber: "0.07") == Decimal(string: "0.07"))
        #expect(JSONPortfolioReader.decimal(fromNumber: "-12.500") == Decimal(string: "-12.5"))
        #expect(JSONPortfolioReader.decimal(fromNumber: "2.5e-3") == Decimal(string: "0.0025"))
        #expect(JSONPortfolioReader.decimal(fromNumber: "1E+2") == 100)
        #expect(JSONPortfolioReader.decimal(fromNumber: "0e999") == 0)
        #expect(JSONPortfolioReader.decimal(fromNumber: "1e999") == nil)
        #expect(JSONPortfolioReader.decimal(fromNumber: String(repeating: "9", count: 40)) == nil)
    }
}
