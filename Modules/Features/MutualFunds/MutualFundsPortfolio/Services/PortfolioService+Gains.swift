import Caching
import Failures
import Foundation
import Money
import MutualFunds
import Timing

extension PortfolioService {
    /// The portfolio's capital gains, first in first out (see ``FIFOMatching`` and ``GainRow``), for one
    /// financial year (`2024-25`) or all. Histories are fetched only for what the statement does not say: the
    /// category of a scheme with neither a type nor STT, and the NAV of 31-Jan-2018 for lots bought by then and
    /// sold later. A scheme whose history cannot be had is computed without it (and says so in `skipped`).
    /// - Parameter overrides: the treatment per scheme code or ISIN for this report only, over the one stored with
    ///   ``setTreatment(of:to:mode:)``.
    /// - Throws: ``FolioError`` (invalid, blaming `fy`) for a malformed financial year, or an override naming
    ///   no held scheme (blaming `treatAs`).
    public func gains(
        financialYear: String? = nil, overrides: [String: TaxTreatment] = [:], mode: FetchMode = .normal
    ) async throws -> GainsReport {
        let year = try financialYear.map(Self.financialYear(parsing:))
        let portfolio = try await portfolio()
        let codes = try await schemeCodes(portfolio.schemes, mode: mode)
        var byScheme: [SchemeKey: TaxTreatment] = [:]
        for (name, treatment) in overrides {
            for scheme in try Self.schemes(named: name, in: portfolio, codes: codes, field: "treatAs", kind: .invalid) {
                byScheme[scheme.key] = treatment
            }
        }
        var wanted: [SchemeKey: Int] = [:]
        for scheme in portfolio.schemes {
            guard let code = codes[scheme.key] else { continue }
            let typed =
                byScheme[scheme.key] != nil || scheme.treatAs != nil || scheme.statementType == "EQUITY"
                || scheme.statementType == "DEBT"
                || scheme.transactions.contains { $0.kind == .stt }
            if !typed || CapitalGains.needsGrandfathering(scheme) { wanted[scheme.key] = code }
        }
        let unique = Array(Set(wanted.values)).sorted()
        let results = Dictionary(uniqueKeysWithValues: zip(unique, await funds.histories(codes: unique, mode: mode)))
        var facts: [SchemeKey: CapitalGains.SchemeFacts] = [:]
        var notes: [String] = []
        for scheme in portfolio.schemes {
            guard let code = wanted[scheme.key] else { continue }
            switch results[code] {
            case .success(let fetched):
                facts[scheme.key] = CapitalGains.SchemeFacts(
                    category: fetched.value.meta.schemeCategory,
                    navOn31Jan2018: fetched.value.point(onOrBefore: TaxRules.grandfatheringDate)?.nav)
            case .failure(let error):
                notes.append("\(scheme.label): computed without its MF API history (\(error.what))")
            case nil: break
            }
        }
        var report = try await mapped {
            try CapitalGains.report(portfolio, facts: facts, overrides: byScheme, financialYear: year)
        }
        report.skipped += notes
        return report
    }

    /// `2024-25`, `FY2024-25` or `2024` as `2024-25`.
    /// - Throws: ``FolioError`` (invalid, blaming `fy`).
    static func financialYear(parsing text: String) throws(FolioError) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        if trimmed.hasPrefix("FY") { trimmed.removeFirst(2) }
        let parts = trimmed.split(separator: "-")
        guard let first = parts.first, first.count == 4, let start = Int(first), (1990...2100).contains(start),
            parts.count == 1 || (parts.count == 2 && Int(parts[1]) == (start + 1) % 100 && parts[1].count == 2)
        else {
            throw FolioError(
                .invalid, "invalid financial year \"\(text)\"", why: "a financial year runs April to March",
                hint: "write it as 2024-25", field: "fy")
        }
        return TaxRules.financialYear(of: CalendarDate(year: start, month: 4, day: 1)!)
    }
}
