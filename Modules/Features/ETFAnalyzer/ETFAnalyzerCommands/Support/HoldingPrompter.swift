import ETFAnalyzer
import Failures
import FeatureKit
import Foundation
import Money
import Timing

/// The app's input form as prompts on stderr, each answer checked with the seed's rule before moving on.
struct HoldingPrompter {
    var terminal: any Terminal
    /// The analysis date a row gets when its own is left blank.
    var defaultAnalysisDate: CalendarDate

    /// Asks for the number of ETFs, then each ETF's fields.
    /// - Throws: ``FolioError`` (refused) when input ends before the form is complete.
    func holdings() throws -> [ETFHolding] {
        let count = try ask("How many ETFs? ") { text throws(FieldProblem) -> Int in
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count > 0 else {
                throw FieldProblem("\"\(text)\" is not a whole number of ETFs, 1 or more")
            }
            return count
        }
        return try (1...count).map { index in
            terminal.printError("\nETF \(index) of \(count)")
            return try holding()
        }
    }

    /// One ETF's fields in the form's order.
    func holding() throws -> ETFHolding {
        let name = try ask("  Name: ") { text throws(FieldProblem) in try HoldingRules.name(text) }
        let expenseRatio = try number(.expenseRatio, "  Expense ratio % (0.03 means 0.03 %): ")
        let yield = try number(.yield, "  Annual yield % (1.3 means 1.3 %): ")
        let shares = try number(.shares, "  Shares: ")
        let purchasePrice = try number(.purchasePrice, "  Purchase price: ")
        var purchaseDate = try purchaseDatePrompt()
        let currentPrice = try number(.currentPrice, "  Current price: ")
        let defaultDate = defaultAnalysisDate
        var analysisDate: CalendarDate?
        while true {
            let answer = try ask("  Analysis date (YYYY-MM-DD, Enter for \(defaultDate)): ") {
                text throws(FieldProblem) -> CalendarDate? in
                let trimmed = HoldingRules.trim(text)
                return trimmed.isEmpty ? nil : try HoldingRules.date(String(trimmed), for: .analysisDate)
            }
            do throws(FieldProblem) {
                try HoldingRules.checkOrder(
                    purchase: purchaseDate, analysis: answer ?? defaultDate, defaulted: answer == nil)
                analysisDate = answer
                break
            } catch {
                // Either date may be the mistake, and a prompt cannot go back: ask for both again.
                terminal.printError("    ✗ \(error.message); enter both dates again")
                purchaseDate = try purchaseDatePrompt()
            }
        }
        return ETFHolding(
            name: name, expenseRatio: expenseRatio, yield: yield, shares: shares, purchasePrice: purchasePrice,
            purchaseDate: purchaseDate, currentPrice: currentPrice, analysisDate: analysisDate)
    }

    private func purchaseDatePrompt() throws -> CalendarDate {
        try ask("  Purchase date (YYYY-MM-DD): ") { text throws(FieldProblem) in
            try HoldingRules.date(text, for: .purchaseDate)
        }
    }

    private func number(_ field: PortfolioField, _ prompt: String) throws -> Amount {
        try ask(prompt) { text throws(FieldProblem) in try HoldingRules.number(text, for: field) }
    }

    /// Asks until `parse` accepts the answer, showing each refusal.
    private func ask<T>(_ prompt: String, _ parse: (String) throws(FieldProblem) -> T) throws -> T {
        while true {
            terminal.writeError(prompt)
            guard let line = terminal.readLine() else {
                throw FolioError(
                    .refused, "the portfolio was not finished", why: "input ended before every value was given",
                    hint: "nothing was written or analyzed")
            }
            do {
                return try parse(line)
            } catch {
                terminal.printError("    ✗ \(error.message)")
            }
        }
    }
}
