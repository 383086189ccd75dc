import Money
import MutualFunds
import Timing

/// A financial year's tax on mutual-fund transfers, from every year's gains (pure):
/// 1. each lot falls under a ``GainHead`` at the rate in force on its transfer date; lots of one head and rate
///    make a line, netting their gains and losses;
/// 2. set-off within the year (s. 70): long-term losses against long-term gains, then short-term losses against
///    any gain, the highest-rated gains first (slab-rate gains first when no slab is given; s. 112A gains after
///    others of the same rate, since the exemption may cover them); exempt s. 10(38) lines take no part;
/// 3. losses of the eight earlier years (s. 74), oldest first, in the same way;
/// 4. the s. 112A exemption from what is left of s. 112A gains, the higher rate first;
/// 5. tax = taxable × rate, before surcharge and cess; what is not set off is carried forward.
public enum TaxComputation {
    /// The report for `financialYear` from `rows` (the lots of every year, so losses carry forward).
    public static func report(
        rows: [GainRow], financialYear: String, slab: Amount?, details: Bool, skipped: [String] = []
    ) throws -> TaxReport {
        let target = TaxRules.startYear(of: financialYear)
        let first = rows.map { TaxRules.startYear(of: $0.financialYear) }.min() ?? target
        var pool: [CarriedLoss] = []
        var result: TaxReport?
        for year in min(first, target)...target {
            let name = TaxRules.financialYear(of: CalendarDate(year: year, month: 4, day: 1)!)
            let yearRows = rows.filter { $0.financialYear == name }
            pool = pool.filter { TaxRules.startYear(of: $0.lastYear) >= year }
            let broughtForward = pool
            var lines = try self.lines(yearRows, slab: slab)
            try setOffCurrent(&lines)
            try setOffBroughtForward(&lines, pool: &pool)
            let limit = TaxGlossary.exemption112A(financialYear: name)
            let used = try exempt(&lines, limit: limit)
            for index in lines.indices {
                let line = lines[index]
                let taxable = try max(.zero, line.gain - line.setOff - line.broughtForwardSetOff - line.exemption)
                let kept = line.head == .equityLongTermExempt ? Amount.zero : taxable
                lines[index].taxable = kept
                lines[index].tax = try line.rate.map { rate in
                    try (kept * rate).divided(by: 100, places: 2, rounding: .halfEven)
                }
            }
            let leftShort = try unabsorbed(lines, longTerm: false)
            let leftLong = try unabsorbed(lines, longTerm: true)
            if leftShort.isPositive || leftLong.isPositive {
                let last = TaxRules.financialYear(
                    of: CalendarDate(year: year + TaxGlossary.carryForwardYears, month: 4, day: 1)!)
                pool.append(CarriedLoss(financialYear: name, lastYear: last, shortTerm: leftShort, longTerm: leftLong))
            }
            if year == target {
                result = TaxReport(
                    financialYear: name, schedule112A: try Schedule112ARow.rows(yearRows, details: details),
                    lines: lines, broughtForward: broughtForward, carriedForward: pool, exemptionLimit: limit,
                    exemptionUsed: used, slab: slab, tax: try lines.compactMap(\.tax).sum(),
                    advanceTax: try advanceTax(yearRows, slab: slab), advanceTaxPeriods: TaxGlossary.advanceTaxPeriods,
                    notes: notes(lines: lines, slab: slab), skipped: skipped,
                    yearsWithSales: yearsWithSales(rows))
                let unknown = result?.schemesWithoutFairValue ?? []
                if !unknown.isEmpty {
                    result?.notes.append(
                        "The NAV of 31-Jan-2018 of \(unknown.joined(separator: ", ")) is not known (its history could "
                            + "not be read): lots acquired by then are taken at cost, not grandfathered "
                            + "(s. 55(2)(ac)), which overstates the gain and the tax.")
                }
            }
        }
        return result!
    }

    /// The financial years `rows` were sold in, newest first.
    public static func yearsWithSales(_ rows: [GainRow]) -> [String] {
        Set(rows.map(\.financialYear)).sorted(by: >)
    }

    /// What is left of the year's short- or long-term losses after set-off within the year.
    static func unabsorbed(_ lines: [TaxLine], longTerm: Bool) throws -> Amount {
        let losing = lines.filter {
            $0.head.isLongTerm == longTerm && $0.gain.isNegative && $0.head != .equityLongTermExempt
        }
        return try losing.map(\.gain.magnitude).sum() - losing.map(\.setOff).sum()
    }

    /// The year's lines, by head then transfer period.
    static func lines(_ rows: [GainRow], slab: Amount?) throws -> [TaxLine] {
        var lines: [TaxLine] = []
        for row in rows {
            let head = GainHead(row)
            let sale = CalendarDate(iso8601: row.saleDate)!
            let transfers = TaxGlossary.period(of: sale)
            let rate = head.rate(sale: sale, slab: slab)
            let acquisition =
                try head == .equityLongTermExempt ? row.purchaseValue + row.stampDuty : row.acquisitionValue
            if let index = lines.firstIndex(where: { $0.head == head && $0.transfers == transfers && $0.rate == rate })
            {
                lines[index].saleValue = try lines[index].saleValue + row.saleValue
                lines[index].acquisitionValue = try lines[index].acquisitionValue + acquisition
                lines[index].gain = try lines[index].gain + head.gain(of: row)
            } else {
                lines.append(
                    TaxLine(
                        head: head, section: head.section, term: head.isLongTerm ? "long" : "short",
                        transfers: transfers, rate: rate, saleValue: row.saleValue, acquisitionValue: acquisition,
                        gain: head.gain(of: row), setOff: .zero, broughtForwardSetOff: .zero, exemption: .zero,
                        taxable: .zero, tax: nil))
            }
        }
        let heads = GainHead.allCases
        return lines.sorted {
            ($0.head == $1.head)
                ? $0.transfers < $1.transfers
                : heads.firstIndex(of: $0.head)! < heads.firstIndex(of: $1.head)!
        }
    }

    /// The indices of the lines with gains that `longTermOnly` losses may reduce, highest rate first.
    static func order(_ lines: [TaxLine], longTermOnly: Bool) -> [Int] {
        let candidates = lines.indices.filter { index in
            let head = lines[index].head
            return head != .equityLongTermExempt && (!longTermOnly || head.isLongTerm)
        }
        return candidates.sorted { left, right in
            let (a, b) = (lines[left], lines[right])
            let rateA = a.rate ?? Amount(100)
            let rateB = b.rate ?? Amount(100)
            if rateA != rateB { return rateA > rateB }
            return a.head != .equityLongTerm && b.head == .equityLongTerm
        }
    }

    /// What is left of a line's gain to set off against.
    static func room(_ line: TaxLine) throws -> Amount {
        try max(.zero, line.gain - line.setOff - line.broughtForwardSetOff)
    }

    /// Sets `loss` off against the lines, in order; returns what is left of it. `record` names the field.
    static func apply(
        _ loss: Amount, to lines: inout [TaxLine], longTermOnly: Bool, broughtForward: Bool
    ) throws -> Amount {
        var left = loss
        for index in order(lines, longTermOnly: longTermOnly) where left.isPositive {
            let take = try min(left, room(lines[index]))
            guard take.isPositive else { continue }
            if broughtForward {
                lines[index].broughtForwardSetOff = try lines[index].broughtForwardSetOff + take
            } else {
                lines[index].setOff = try lines[index].setOff + take
            }
            left = try left - take
        }
        return left
    }

    /// s. 70: each losing line's loss against the others' gains; the amount used is recorded as the losing line's
    /// own `setOff`.
    static func setOffCurrent(_ lines: inout [TaxLine]) throws {
        let losing = lines.indices.filter { lines[$0].gain.isNegative && lines[$0].head != .equityLongTermExempt }
        let ordered = losing.filter { lines[$0].head.isLongTerm } + losing.filter { !lines[$0].head.isLongTerm }
        for index in ordered {
            let loss = lines[index].gain.magnitude
            let left = try apply(loss, to: &lines, longTermOnly: lines[index].head.isLongTerm, broughtForward: false)
            lines[index].setOff = try loss - left
        }
    }

    /// s. 74: the pool's losses, oldest first; what is used leaves the pool.
    static func setOffBroughtForward(_ lines: inout [TaxLine], pool: inout [CarriedLoss]) throws {
        for index in pool.indices {
            pool[index].longTerm = try apply(pool[index].longTerm, to: &lines, longTermOnly: true, broughtForward: true)
            pool[index].shortTerm = try apply(
                pool[index].shortTerm, to: &lines, longTermOnly: false, broughtForward: true)
        }
        pool = pool.filter { $0.shortTerm.isPositive || $0.longTerm.isPositive }
    }

    /// The s. 112A exemption from what is left of s. 112A gains, the higher rate first; returns the amount used.
    static func exempt(_ lines: inout [TaxLine], limit: Amount) throws -> Amount {
        var left = limit
        let indices = lines.indices.filter { lines[$0].head == .equityLongTerm }
            .sorted { (lines[$0].rate ?? .zero) > (lines[$1].rate ?? .zero) }
        for index in indices where left.isPositive {
            let take = try min(left, room(lines[index]))
            lines[index].exemption = take
            left = try left - take
        }
        return try limit - left
    }

    /// The year's gains by line and advance-tax period, before set-off.
    static func advanceTax(_ rows: [GainRow], slab: Amount?) throws -> [AdvanceTaxRow] {
        var result: [AdvanceTaxRow] = []
        for line in try lines(rows, slab: slab) where line.head != .equityLongTermExempt {
            var amounts = Array(repeating: Amount.zero, count: TaxGlossary.advanceTaxPeriods.count)
            for row in rows {
                let sale = CalendarDate(iso8601: row.saleDate)!
                let head = GainHead(row)
                guard head == line.head, TaxGlossary.period(of: sale) == line.transfers,
                    head.rate(sale: sale, slab: slab) == line.rate
                else { continue }
                let period = TaxGlossary.advanceTaxPeriod(of: sale)
                amounts[period] = try amounts[period] + head.gain(of: row)
            }
            result.append(
                AdvanceTaxRow(section: line.section, transfers: line.transfers, rate: line.rate, amounts: amounts))
        }
        return result
    }

    static func notes(lines: [TaxLine], slab: Amount?) -> [String] {
        var notes = [
            "The tax is estimated before surcharge and the 4 % health and education cess, without the basic "
                + "exemption limit or the s. 87A rebate.",
            "Losses are carried forward only when the return of the year they arose in was filed on time (s. 80).",
        ]
        if slab == nil, lines.contains(where: { $0.head == .otherShortTerm }) {
            notes.append(
                "Short-term gains of non-equity funds are taxed at your slab rate: give --slab (e.g. 30%) to include them."
            )
        }
        return notes
    }
}
