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
    /// - Parameter fairValues: the NAV of 31-Jan-2018 per scheme code or ISIN, given by the investor (from AMFI's
    ///   NAV history or the fund house) for a scheme whose history cannot be read; it wins over the history's.
    /// - Throws: ``FolioError`` (invalid, blaming `fy`) for a malformed financial year, or an override naming
    ///   no held scheme (blaming `treatAs`, or `fmv` for a fair value).
    public func gains(
        financialYear: String? = nil, overrides: [String: TaxTreatment] = [:], fairValues: [String: Amount] = [:],
        mode: FetchMode = .normal
    ) async throws -> GainsReport {
        let year = try financialYear.map(Self.financialYear(parsing:))
        return try await gains(
            of: try await portfolio(), financialYear: year, overrides: overrides, fairValues: fairValues, mode: mode)
    }

    /// ``gains(financialYear:overrides:fairValues:mode:)`` of a portfolio already read, for a year already parsed.
    func gains(
        of portfolio: Portfolio, financialYear year: String?, overrides: [String: TaxTreatment],
        fairValues: [String: Amount], mode: FetchMode
    ) async throws -> GainsReport {
        let codes = try await schemeCodes(portfolio.schemes, mode: mode)
        var byScheme: [SchemeKey: TaxTreatment] = [:]
        for (name, treatment) in overrides {
            for scheme in try Self.schemes(named: name, in: portfolio, codes: codes, field: "treatAs", kind: .invalid) {
                byScheme[scheme.key] = treatment
            }
        }
        var givenFairValue: [SchemeKey: Amount] = [:]
        for (name, nav) in fairValues {
            guard nav.isPositive else {
                throw FolioError(.invalid, "a NAV must be more than 0", why: "\(name)=\(nav.plainText)", field: "fmv")
            }
            for scheme in try Self.schemes(named: name, in: portfolio, codes: codes, field: "fmv", kind: .invalid) {
                givenFairValue[scheme.key] = nav
            }
        }
        var wanted: [SchemeKey: Int] = [:]
        // What a scheme is taxed as, where a person or the statement already says: its history is then needed
        // only for the NAV of 31-Jan-2018, and only when it is equity.
        var known: [SchemeKey: TaxTreatment] = [:]
        for scheme in portfolio.schemes {
            let decided = CapitalGains.decided(scheme, override: byScheme[scheme.key], category: nil)
            if [.override, .set, .statement, .stt].contains(decided.basis) { known[scheme.key] = decided.treatment }
        }
        func grandfathered(_ scheme: HeldScheme) -> Bool {
            (known[scheme.key] ?? .equity) == .equity && CapitalGains.needsGrandfathering(scheme)
        }
        for scheme in portfolio.schemes {
            guard let code = codes[scheme.key] else { continue }
            if known[scheme.key] == nil || grandfathered(scheme) { wanted[scheme.key] = code }
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
            case .failure(let error) where known[scheme.key] == nil:
                notes.append("\(scheme.label): computed without its MF API history (\(error.what))")
            case .failure(let error) where givenFairValue[scheme.key] == nil:
                notes.append(
                    "\(scheme.label): the NAV of 31-Jan-2018 is not known (\(error.what)), so lots bought by then "
                        + "are taken at cost, not grandfathered: the taxable gain is overstated")
            case .failure: break
            case nil: break
            }
        }
        for (key, nav) in givenFairValue {
            facts[key] = CapitalGains.SchemeFacts(category: facts[key]?.category, navOn31Jan2018: nav)
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
