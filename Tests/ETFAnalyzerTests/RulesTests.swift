import ETFAnalyzer
import Foundation
import Testing
import Timing

@Suite("Validation rules, one value at a time")
struct RulesTests {
    func problem(_ body: () throws(FieldProblem) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.message
        }
    }

    @Test("name: not empty, trimmed")
    func name() throws {
        #expect(try HoldingRules.name("  VTI \t") == "VTI")
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.name(" \n ") } == "is empty — every ETF needs a name")
    }

    @Test("percentages: 0 or more, % allowed")
    func percentages() throws {
        #expect(try HoldingRules.number("0", for: .expenseRatio) == 0)
        #expect(try HoldingRules.number(" 0.07 % ", for: .expenseRatio) == dec("0.07"))
        #expect(try HoldingRules.number("3.5%", for: .yield) == dec("3.5"))
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("-0.01", for: .yield) } == "-0.01 is negative — the yield must be 0 or more")
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("5%", for: .shares) } == "\"5%\" is not a number")
    }

    @Test("shares and prices: more than 0")
    func positives() throws {
        #expect(try HoldingRules.number(".5", for: .shares) == dec("0.5"))
        #expect(try HoldingRules.number("+12.", for: .purchasePrice) == 12)
        for field in [PortfolioField.shares, .purchasePrice, .currentPrice] {
            #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("0.000", for: field) } != nil)
            #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("-1", for: field) } != nil)
            #expect(problem { () throws(FieldProblem) in try HoldingRules.check(dec("0.0001"), for: field) } == nil)
        }
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("", for: .shares) } == "is empty — write the shares as a number")
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.number("1,234.50", for: .currentPrice) }
            == "\"1,234.50\" is not a number — write it without thousands separators, with a decimal point")
    }

    @Test("dates: YYYY-MM-DD that exist; analysis not before purchase")
    func dates() throws {
        #expect(try HoldingRules.date(" 2024-02-29 ", for: .purchaseDate) == day("2024-02-29"))
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.date("2023-02-29", for: .purchaseDate) } != nil)
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.date("29/02/2024", for: .purchaseDate) } != nil)
        #expect(problem { () throws(FieldProblem) in _ = try HoldingRules.date("", for: .analysisDate) } == "is empty — write the analysis date as YYYY-MM-DD")
        #expect(problem { () throws(FieldProblem) in try HoldingRules.checkOrder(purchase: day("2024-01-02"), analysis: day("2024-01-02"), defaulted: false) } == nil)
        #expect(problem { () throws(FieldProblem) in try HoldingRules.checkOrder(purchase: day("2024-01-02"), analysis: day("2024-01-01"), defaulted: false) }
            == "purchase date 2024-01-02 is after the analysis date 2024-01-01")
    }
}

@Suite("Decimal components")
struct DecimalComponentsTests {
    @Test("parse, print and rebuild exactly")
    func roundTrip() {
        for text in ["0", "1", "-1", "0.07", "123.456", "-0.0003", "15220", "99999999999999999999.123456789", "1234567890123456789012345678901234567"] {
            let parts = DecimalComponents(parsing: text)!
            #expect(parts.decimal == dec(text), "\(text)")
            #expect(DecimalComponents(dec(text)).decimal == dec(text), "\(text)")
            #expect(DecimalComponents(dec(text)).plainText == dec(text).description, "\(text)")
        }
        let written: [(Bool, UInt128, Int, String)] = [
            (false, 5, -1, "0.5"), (false, 1200, -2, "12"), (false, 1522, 1, "15220"), (true, 3, -4, "-0.0003"),
            (false, 100, 0, "100"), (false, 4200, 2, "420000"), (false, 123, -3, "0.123"), (false, 1230, -4, "0.123"),
            (false, UInt128(UInt64.max) * 1000, -3, String(UInt64.max)),
            (true, UInt128(UInt64.max) * 100 + 5, -25, "-0.0001844674407370955161505"),
            (false, UInt128.max, 0, "340282366920938463463374607431768211455"),
            (false, UInt128.max, -38, "3.40282366920938463463374607431768211455"),
        ]
        for (negative, significand, exponent, text) in written {
            #expect(DecimalComponents(isNegative: negative, significand: significand, exponent: exponent).plainText == text)
        }
        #expect(DecimalComponents(parsing: "1.2.3") == nil)
        #expect(DecimalComponents(parsing: "1-2") == nil)
        #expect(DecimalComponents(parsing: "-") == nil)
        #expect(DecimalComponents(parsing: "12a") == nil)
        #expect(DecimalComponents(parsing: String(repeating: "1", count: 39))?.decimal == dec(String(repeating: "1", count: 39)))
        #expect(DecimalComponents(parsing: String(repeating: "9", count: 40)) == nil)
    }

    @Test("parsing across the switch from 64-bit to 128-bit digits, with leading zeros, signs and substrings")
    func parsingWidths() {
        let cases: [(String, Bool, UInt128, Int)] = [
            ("1844674407370955161", false, 1_844_674_407_370_955_161, 0),
            ("18446744073709551615", false, UInt128(UInt64.max), 0),
            ("18446744073709551616", false, UInt128(UInt64.max) + 1, 0),
            ("-184467440737095516.17", true, UInt128(UInt64.max) + 2, -2),
            ("+0001844674407370955161.50", false, 184_467_440_737_095_516_150, -2),
            ("000.000", false, 0, 0),
            ("-0.000120", true, 120, -6),
            ("340282366920938463463374607431768211455", false, UInt128.max, 0),
            ("34028236692093846346337460743176821145.5", false, UInt128.max, -1),
        ]
        for (text, negative, significand, exponent) in cases {
            #expect(
                DecimalComponents(parsing: text)
                    == DecimalComponents(isNegative: negative, significand: significand, exponent: exponent), "\(text)")
        }
        #expect(DecimalComponents(parsing: "340282366920938463463374607431768211456") == nil)
        #expect(DecimalComponents(parsing: "") == nil)
        #expect(DecimalComponents(parsing: ".") == nil)
        #expect(DecimalComponents(parsing: "1+") == nil)
        let line = "name,12.50,x"
        #expect(DecimalComponents(parsing: line.split(separator: ",")[1]) == DecimalComponents(isNegative: false, significand: 1250, exponent: -2))
    }

    @Test("rounding to places is half-to-even")
    func scaled() {
        #expect(DecimalComponents(parsing: "2.345")!.scaled(toFractionDigits: 2) == 234)
        #expect(DecimalComponents(parsing: "2.355")!.scaled(toFractionDigits: 2) == 236)
        #expect(DecimalComponents(parsing: "2.3451")!.scaled(toFractionDigits: 2) == 235)
        #expect(DecimalComponents(parsing: "12")!.scaled(toFractionDigits: 2) == 1200)
        #expect(DecimalComponents(parsing: "0.004")!.scaled(toFractionDigits: 2) == 0)
    }
}
