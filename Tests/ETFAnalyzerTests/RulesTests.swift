import ETFAnalyzer
import Foundation
import Money
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
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.name(" \n ") }
                == "is empty — every ETF needs a name")
    }

    @Test("percentages: 0 or more, % allowed")
    func percentages() throws {
        #expect(try HoldingRules.number("0", for: .expenseRatio) == 0)
        #expect(try HoldingRules.number(" 0.07 % ", for: .expenseRatio) == dec("0.07"))
        #expect(try HoldingRules.number("3.5%", for: .yield) == dec("3.5"))
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.number("-0.01", for: .yield) }
                == "-0.01 is negative — the yield must be 0 or more")
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.number("5%", for: .shares) }
                == "\"5%\" is not a number")
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
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.number("", for: .shares) }
                == "is empty — write the shares as a number")
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.number("1,234.50", for: .currentPrice) }
                == "\"1,234.50\" is not a number — write it without thousands separators, with a decimal point")
    }

    @Test("dates: YYYY-MM-DD that exist; analysis not before purchase")
    func dates() throws {
        #expect(try HoldingRules.date(" 2024-02-29 ", for: .purchaseDate) == day("2024-02-29"))
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.date("2023-02-29", for: .purchaseDate) } != nil)
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.date("29/02/2024", for: .purchaseDate) } != nil)
        #expect(
            problem { () throws(FieldProblem) in _ = try HoldingRules.date("", for: .analysisDate) }
                == "is empty — write the analysis date as YYYY-MM-DD")
        #expect(
            problem { () throws(FieldProblem) in
                try HoldingRules.checkOrder(purchase: day("2024-01-02"), analysis: day("2024-01-02"), defaulted: false)
            } == nil)
        #expect(
            problem { () throws(FieldProblem) in
                try HoldingRules.checkOrder(purchase: day("2024-01-02"), analysis: day("2024-01-01"), defaulted: false)
            }
                == "purchase date 2024-01-02 is after the analysis date 2024-01-01")
    }
}
