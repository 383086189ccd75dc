import Caching
import Failures
import Foundation
import Money
import Timing

extension FundsService {
    /// Simulates `plan` on the scheme's history.
    /// - Throws: ``FolioError``: as ``history(code:mode:)``, or invalid (blaming `from`, `to`, `day` or
    ///   `amount`) when the plan cannot run on this history.
    public func sip(
        code: Int, plan: SIPPlan, mode: FetchMode = .normal
    ) async throws
        -> (report: SIPReport, result: SIPResult, history: Fetched<NAVHistory>)
    {
        let fetched = try await history(code: code, mode: mode)
        do {
            let result = try SIPCalculator.simulate(plan, on: fetched.value)
            return (
                SIPReport(plan: plan, result: result, history: fetched.value, freshness: fetched.freshness), result,
                fetched
            )
        } catch let error as SIPError {
            let field: String
            var hint: String?
            switch error {
            case .startsBeforeHistory(_, let first):
                field = "from"
                hint = "start on \(first.iso8601) or later"
            case .endsBeforeStart: field = "to"
            case .noInstallments: field = "from"
            case .invalidPlan(_, let blamed): field = blamed
            }
            throw FolioError(.invalid, "cannot simulate this SIP", why: error.description, hint: hint, field: field)
        }
    }
}

extension SIPPlan {
    /// How an installment is written: rupees with at most two decimals, grouping and a rupee sign allowed.
    public static let amountOptions = ParseOptions(maximumPlaces: 2, symbols: ["₹", "Rs.", "Rs", "INR"])

    /// The monthly amount typed as `text` (`5,000`, `₹5000.50`).
    /// - Throws: ``FolioError`` (invalid, blaming `amount`) when it is not a positive amount of at most
    ///   ₹100 crore with at most two decimals.
    public static func amount(parsing text: String) throws -> Amount {
        let refusal = { (why: String) in
            FolioError(
                .invalid, "invalid amount \"\(text)\"", why: why, hint: "give a positive number of rupees, e.g. 5000",
                field: "amount")
        }
        let value: Amount
        do {
            value = try Amount(parsing: text, options: amountOptions)
        } catch {
            throw refusal("\(error)")
        }
        guard value.isPositive else { throw refusal("an instalment must be more than ₹0") }
        guard value <= 1_000_000_000 else { throw refusal("it is more than ₹100 crore a month") }
        return value
    }
}
