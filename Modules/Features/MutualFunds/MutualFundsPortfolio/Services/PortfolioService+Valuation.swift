import Caching
import Failures
import Foundation
import Money
import MutualFunds
import Persistence
import Timing

extension PortfolioService {
    /// The held schemes' positions on `asOf` (leaving out schemes first bought after it), or the latest (read as
    /// stored, without decoding every transaction).
    public func positions(asOf: CalendarDate? = nil) async throws -> [Position] {
        try await mapped {
            try await store.read { transaction in
                if asOf == nil, let stored = try PortfolioStore.positions(in: transaction) { return stored }
                let portfolio = try PortfolioStore.load(in: transaction)
                let carried = Mergers.carriedCosts(portfolio)
                // On a date, a scheme first bought after it is not yet held.
                let held = portfolio.schemes.filter { scheme in
                    guard let asOf else { return true }
                    return scheme.openingUnits.isPositive || scheme.transactions.contains { $0.date <= asOf }
                }
                return try held.map { try Position($0, asOf: asOf, carried: carried) }
            }
        }
    }

    /// The stored portfolio valued at the latest NAVs, or those on or before `asOf`: the latest from AMFI's file in
    /// one request, else (and on `asOf`) each scheme's history under the cache policy (at most
    /// ``FundsSettings/concurrency`` at once); a scheme that cannot be valued is listed with why.
    /// - Parameter known: the ``positions(asOf:)`` on `asOf` when the caller has just read them (read otherwise).
    public func valuePortfolio(
        _ known: [Position]? = nil, asOf: CalendarDate? = nil, mode: FetchMode = .normal,
        progress: @Sendable () -> Void = {}
    ) async throws -> PortfolioReport {
        let positions: [Position]
        if let known {
            positions = known
        } else {
            positions = try await self.positions(asOf: asOf)
        }
        var warnings: [String] = []
        var amfi: Fetched<AMFIFileInfo>?
        if asOf == nil && !positions.isEmpty {
            // One request for every latest NAV; the MF API's histories stand in when it fails.
            do {
                amfi = try await funds.amfiNAVs(mode: mode)
            } catch {
                warnings.append("\(FolioError.funds(error).line); the NAVs come from the MF API instead")
            }
        }
        let priced = try await pricedSchemes(positions, mode: mode, amfi: amfi, progress: progress)
        let today = Freshness.todayInIndia(timing.now())
        var report = try await mapped {
            try PortfolioValuation.report(
                positions: positions, priced: priced, asOf: asOf, today: today, newest: amfi?.value.date)
        }
        report.warnings = warnings
        return report
    }

    /// Each scheme's MF API code and history.
    func pricedSchemes(
        _ schemes: [Position], mode: FetchMode, amfi: Fetched<AMFIFileInfo>? = nil, progress: @Sendable () -> Void = {}
    ) async throws -> [SchemeKey: PortfolioValuation.Priced] {
        var found: (byCode: [Int: AMFINAV], byISIN: [String: AMFINAV]) = ([:], [:])
        if amfi != nil {
            found = try await funds.amfiEntries(
                codes: schemes.compactMap(\.amfi), isins: schemes.filter { $0.amfi == nil }.compactMap(\.isin))
        }
        let codes = try await schemeCodes(schemes, mode: mode, amfiISINs: found.byISIN)
        var priced: [SchemeKey: PortfolioValuation.Priced] = [:]
        if let amfi {
            var byCode = found.byCode
            for entry in found.byISIN.values { byCode[entry.code] = entry }
            let latest = amfi.value.date
            for scheme in schemes {
                guard let code = codes[scheme.key], let entry = byCode[code] else { continue }
                var result = PortfolioValuation.Priced(
                    code: code, history: .success(Fetched(value: entry.history, freshness: amfi.freshness)))
                result.source = "amfi"
                result.plan = entry.plan
                result.option = entry.option
                if let latest, entry.date.days(to: latest) > 7 {
                    result.note = "AMFI's latest NAV is of \(entry.date.iso8601) while its file is of \(latest.iso8601)"
                }
                priced[scheme.key] = result
            }
            try await preferNewerHistories(&priced, amfiDates: byCode.mapValues(\.date))
        }
        let wanted = Array(Set(schemes.filter { priced[$0.key] == nil }.compactMap { codes[$0.key] })).sorted()
        let results = await funds.histories(codes: wanted, mode: mode, progress: progress)
        let byCode = Dictionary(uniqueKeysWithValues: zip(wanted, results))
        for scheme in schemes where priced[scheme.key] == nil {
            guard let code = codes[scheme.key], let result = byCode[code] else { continue }
            priced[scheme.key] = PortfolioValuation.Priced(
                code: code, history: result.mapError { FolioErrorText($0.line) })
        }
        return priced
    }

    /// Replaces an AMFI NAV by the MF API history Folio already holds of the scheme when that history's latest NAV
    /// is newer (a `funds show` after AMFI's file was stored): read from the store only, never fetched.
    func preferNewerHistories(
        _ priced: inout [SchemeKey: PortfolioValuation.Priced], amfiDates: [Int: CalendarDate]
    )
        async throws
    {
        let codes = Array(Set(priced.values.compactMap(\.code))).sorted()
        guard !codes.isEmpty else { return }
        let newer = try await funds.storedHistories(codes: codes).filter { code, history in
            guard let latest = history.latest?.date, let amfi = amfiDates[code] else { return false }
            return latest > amfi
        }
        for (key, entry) in priced {
            // The NAV's age says how current it is; a history past its cache time but newer than AMFI's file is not
            // stale for being stored a while ago, so it carries the freshness of AMFI's file.
            guard let code = entry.code, let history = newer[code], case .success(let amfi) = entry.history else {
                continue
            }
            var result = PortfolioValuation.Priced(
                code: code, history: .success(Fetched(value: history, freshness: amfi.freshness)))
            result.plan = entry.plan
            result.option = entry.option
            priced[key] = result
        }
    }

    /// The MF API code of each scheme: the statement's AMFI code, else AMFI's file's or the scheme list's entry with its ISIN
    /// (the list is fetched only when a scheme needs it; when it cannot be had, those schemes stay unmatched).
    func schemeCodes(
        _ schemes: [some SchemeIdentity], mode: FetchMode, amfiISINs: [String: AMFINAV] = [:]
    )
        async throws -> [SchemeKey: Int]
    {
        var codes: [SchemeKey: Int] = [:]
        var byISIN: [SchemeKey: String] = [:]
        for scheme in schemes {
            if let code = scheme.amfi {
                codes[scheme.key] = code
            } else if let isin = scheme.isin {
                if let entry = amfiISINs[isin] {
                    codes[scheme.key] = entry.code
                } else {
                    byISIN[scheme.key] = isin
                }
            }
        }
        guard !byISIN.isEmpty, (try? await funds.schemeList(mode: mode)) != nil else { return codes }
        for (key, isin) in byISIN {
            let found = try await mapped {
                try await store.read { transaction in
                    try SchemeSearch.run(SchemeQuery(terms: [isin], limit: 5), in: transaction).records
                }
            }
            if let record = found.first(where: { $0.isinGrowth == isin || $0.isinDivReinvestment == isin }) {
                codes[key] = record.code
            }
        }
        return codes
    }
}

/// What matching a held scheme to an MF API code needs: its key, AMFI code and ISIN.
protocol SchemeIdentity {
    var key: SchemeKey { get }
    var amfi: Int? { get }
    var isin: String? { get }
}

extension HeldScheme: SchemeIdentity {}
extension Position: SchemeIdentity {}
