import Foundation
import Money
import Testing
import Timing

@testable import MutualFunds
@testable import MutualFundsPortfolio

@Suite("FIFO matching: properties over generated statements")
struct FIFOPropertyTests {
    @Test("units are conserved, gains add up on every lot, stamp duty is never allotted twice", arguments: 10...25)
    func properties(seed: Int) throws {
        var generator = StatementGenerator(seed: UInt64(seed))
        let statement = try CASStatement.json(generator.generate(schemes: 5, events: 120))
        let schemes = try Reconciliation.checked(statement, allowMismatch: false)
        var facts: [SchemeKey: CapitalGains.SchemeFacts] = [:]
        for scheme in generator.schemes {
            facts[SchemeKey(folio: scheme.folio, scheme: scheme.isin)] = CapitalGains.SchemeFacts(
                category: scheme.category, navOn31Jan2018: Amount(generator.navsOn31Jan2018[scheme.isin]!)!)
        }
        for scheme in schemes {
            let lots = try FIFOMatching.match(scheme)
            // Units: what each day's sales took equals what was sold that day (to within casparser's 0.01 stop).
            var sold: [CalendarDate: Amount] = [:]
            for transaction in scheme.transactions where transaction.kind.isSale {
                sold[transaction.date] = try (sold[transaction.date] ?? .zero) + transaction.units!.magnitude
            }
            var matched: [CalendarDate: Amount] = [:]
            for lot in lots { matched[lot.saleDate] = try (matched[lot.saleDate] ?? .zero) + lot.units }
            for (date, units) in sold {
                let taken = matched[date] ?? .zero
                let gap = try units - taken
                let threshold = Amount(1, places: 2)
                #expect(gap >= .zero, "\(scheme.name) \(date): sold \(units), matched \(taken)")
                #expect(gap < threshold, "\(scheme.name) \(date): sold \(units), matched \(taken)")
            }
            // No purchase lot gives more units or stamp duty than it had.
            var taken: [CalendarDate: (units: Amount, stamp: Amount)] = [:]
            for lot in lots {
                let before = taken[lot.purchaseDate] ?? (.zero, .zero)
                taken[lot.purchaseDate] = (try before.units + lot.units, try before.stamp + lot.stampDuty)
            }
            for (date, sum) in taken {
                let bought = try scheme.transactions
                    .filter { $0.date == date && ($0.kind.isPurchase || $0.kind == .segregation) && $0.amount != nil }
                    .compactMap(\.units).reduce(Amount.zero) { try $0 + $1 }
                let stamp = try scheme.transactions.filter { $0.date == date && $0.kind == .stampDuty }
                    .compactMap(\.amount).reduce(Amount.zero) { try $0 + $1 }
                #expect(sum.units <= bought, "\(scheme.name) lot of \(date)")
                #expect(sum.stamp <= stamp, "\(scheme.name) stamp duty of \(date)")
            }
        }
        let report = try CapitalGains.report(Portfolio(schemes: schemes), facts: facts)
        for row in report.rows {
            let gain = try row.saleValue - row.purchaseValue - row.stampDuty
            let total = try row.longTermGain + row.shortTermGain
            #expect(total == gain)
            if row.term == "long" {
                let taxable = try row.saleValue - row.acquisitionValue
                #expect(row.shortTermGain == .zero)
                #expect(row.longTermTaxableGain == taxable)
            } else {
                #expect(row.longTermGain == .zero && row.longTermTaxableGain == .zero)
            }
        }
        let years = report.rows.map(\.financialYear)
        #expect(years == years.sorted())
    }

    @Test("a scheme that opens with units gets no gains, with that reason; the others are computed")
    func openingUnits() throws {
        var generator = StatementGenerator(seed: 3)
        var schemes = try CASStatement.json(generator.generate(schemes: 4, events: 80)).schemes
        schemes[0].openingUnits = Amount(5)
        let report = try CapitalGains.report(Portfolio(schemes: schemes), facts: [:])
        #expect(report.skipped.count == 1)
        #expect(report.skipped[0].contains("opens with 5 units it has no purchases for"))
        #expect(!report.rows.isEmpty && !report.rows.contains { $0.scheme == schemes[0].name })
    }
}
