import Caching
import Failures
import Foundation
import Money
import MutualFunds

extension PortfolioService {
    /// The tax report of `financialYear` (`2024-25`): Schedule 112A, Schedule CG's lines with set-off,
    /// exemption and losses carried forward, the tax at the rates in force on each transfer, and the gains by
    /// advance-tax period (see ``TaxComputation``). Every year's gains are worked out, so that losses of the
    /// eight years before carry forward.
    /// - Parameters:
    ///   - slab: the slab rate in per cent for short-term gains of non-equity funds (`30`, `30%`); without it
    ///     they are left out of the tax.
    ///   - details: Schedule 112A per lot rather than per scheme.
    /// - Throws: ``FolioError`` (invalid) for a malformed year (blaming `fy`) or slab (blaming `slab`); as
    ///   ``gains(financialYear:overrides:fairValues:mode:)``.
    public func tax(
        financialYear: String, slab: String? = nil, details: Bool = false, overrides: [String: TaxTreatment] = [:],
        fairValues: [String: Amount] = [:], mode: FetchMode = .normal
    ) async throws -> TaxReport {
        let year = try Self.financialYear(parsing: financialYear)
        let rate = try slab.map(Self.slab(parsing:))
        // One read of the portfolio serves the gains of every year and the year's dividends.
        let portfolio = try await portfolio()
        let gains = try await gains(
            of: portfolio, financialYear: nil, overrides: overrides, fairValues: fairValues, mode: mode)
        return try await mapped {
            var report = try TaxComputation.report(
                rows: gains.rows, financialYear: year, slab: rate, details: details, skipped: gains.skipped)
            report.dividends = try DividendIncome.rows(portfolio, financialYear: report.financialYear)
            if !report.dividends.isEmpty { report.notes.append(Self.dividendNote) }
            return report
        }
    }

    /// How the year's dividends and TDS are taxed, which the estimate leaves to the investor's slab.
    static let dividendNote =
        "Dividends are income from other sources, taxed at your slab rate from FY 2020-21 (Finance Act 2020; "
        + "before, exempt in your hands under s. 10(35)), and are not in the estimate; TDS (s. 194K) is a credit "
        + "against your tax. The statement may show them net: check both against Form 26AS or the AIS."

    /// Every financial year the portfolio sold in, newest first.
    public func yearsWithSales(mode: FetchMode = .normal) async throws -> [String] {
        TaxComputation.yearsWithSales(try await gains(mode: mode).rows)
    }

    /// `30`, `30%` or `12.5 %` as a rate in per cent, 0 to 50.
    /// - Throws: ``FolioError`` (invalid, blaming `slab`).
    static func slab(parsing text: String) throws(FolioError) -> Amount {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed.removeLast() }
        guard let rate = try? Amount(parsing: trimmed.trimmingCharacters(in: .whitespaces), options: .plain),
            !rate.isNegative, rate <= Amount(50)
        else {
            throw FolioError(
                .invalid, "invalid slab rate \"\(text)\"", why: "a slab rate is a percentage from 0 to 50",
                hint: "write it as 30%", field: "slab")
        }
        return rate
    }
}
