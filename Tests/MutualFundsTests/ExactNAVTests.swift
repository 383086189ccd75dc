import Foundation
import Money
import Persistence
import Testing
import Timing

@testable import MutualFunds

@Suite("Exact NAVs")
struct ExactNAVTests {
    @Test("NAV text parses exactly, or not at all")
    func parse() {
        #expect(NAVText.parse("90.52890") == Amount(9_052_890, places: 5))
        #expect(NAVText.parse(" 144.13 ") == Amount(14413, places: 2))
        #expect(NAVText.parse("10") == Amount(10, places: 0))
        #expect(NAVText.parse("0.00001") == Amount(1, places: 5))
        for bad in ["", ".", "N.A.", "-1.5", "+1", "1e3", "1.2.3", "12,345.00", "1.123456789", "1234567890123456789"] {
            #expect(NAVText.parse(bad) == nil, "\(bad)")
        }
        #expect(NAVText.parse("1.5").flatMap { NAVHistory.units(of: $0, scale: 5) } == 150_000)
        #expect(NAVText.parse("90.52890") == Amount("90.5289"))
    }

    @Test("rows at different scales share the finest; doubles are the nearest to the text")
    func mixedScales() throws {
        let body = try MFAPIDecoding.historyBody(
            from: Data(
                #"{"meta":{},"data":[{"date":"02-01-2024","nav":"10.5"},{"date":"01-01-2024","nav":"9.87654"}]}"#.utf8))
        let history = NAVHistory(code: 1, meta: body.meta, parsed: body.parsed, skippedRows: 0)
        #expect(history.scale == 5)
        #expect(history.points.map(\.nav) == [Amount("9.87654")!, Amount("10.5")!])
        #expect(history.series.values == [9.87654, 10.5])
    }

    @Test("more than 8 decimals from a Decimal are rounded to 8")
    func rounding() {
        let history = TestData.history([("2024-01-01", "1.123456789")])
        #expect(history.points.first?.nav == Amount("1.12345679"))
    }

    @Test("a damaged stored history reads as absent, so it is fetched again")
    func damaged() async throws {
        let store = InMemoryDatabase().store(namespace: "funds")
        try await store.write { transaction in
            try transaction.put(
                HistoryCache.key(code: 7),
                value: Data(
                    #"{"code":7,"meta":{"scheme_code":7},"days":"AQAAAA==","units":"","scale":5,"skippedRows":0}"#.utf8)
            )
            try transaction.put(HistoryCache.key(code: 8), value: Data("not json".utf8))
        }
        #expect(try await store.read { try HistoryCache.entry(code: 7, in: $0) } == nil)
        #expect(try await store.read { try HistoryCache.entry(code: 8, in: $0) } == nil)
    }
}

@Suite("Arithmetic behind the fast paths")
struct FastPathTests {
    @Test("day arithmetic agrees with CalendarDate, leap days included")
    func dayArithmetic() {
        var day = CalendarDate(iso8601: "1999-12-25")!.dayNumber
        while day < CalendarDate(iso8601: "2030-01-10")!.dayNumber {
            let date = CalendarDate(dayNumber: day)
            for years in [1, 3, 5] {
                #expect(DayArithmetic.adding(years: years, to: day) == date.adding(years: years).dayNumber, "\(date)")
            }
            day += 13
        }
        #expect(
            DayArithmetic.adding(years: 1, to: CalendarDate(iso8601: "2024-02-29")!.dayNumber)
                == CalendarDate(iso8601: "2025-02-28")!.dayNumber)
    }

    @Test("the median by selection equals the median of the sorted values")
    func median() {
        var state: UInt64 = 42
        for count in [1, 2, 3, 4, 5, 10, 11, 100, 101, 1000] {
            let values = (0..<count).map { _ -> Double in
                state = state &* 6_364_136_223_846_793_005 &+ 1
                return Double(state >> 40 % 1000) / 100 - 50
            }
            let sorted = values.sorted()
            let expected = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
            #expect(RollingReturns.median(values) == expected, "\(count)")
        }
        #expect(RollingReturns.median([3, 3, 3, 3]) == 3)
    }

    @Test("SIP units and values agree with Decimal arithmetic")
    func unitsMath() throws {
        for navUnits in [9_052_890, 1_234_567, 99_999, 1_000_000_000, 7] {
            let history = TestData.history([("2024-01-01", Amount(navUnits, places: 5).description)])
            let sip = try SIPCalculator.simulate(
                SIPPlan(amount: 5000, day: 1, from: TestData.date("2024-01-01")), on: history)
            let nav = Decimal(sign: .plus, exponent: -5, significand: Decimal(navUnits))
            var quotient = Decimal(5000) / nav
            var rounded = Decimal()
            NSDecimalRound(&rounded, &quotient, 3, .plain)
            #expect(sip.units.decimalValue == rounded, "\(nav)")
            var value = rounded * nav
            var paise = Decimal()
            NSDecimalRound(&paise, &value, 2, .plain)
            #expect(sip.value.decimalValue == paise, "\(nav)")
        }
        let history = TestData.history([("2024-01-01", "10"), ("2024-02-01", "90.5289")])
        let fractional = try SIPCalculator.simulate(
            SIPPlan(
                amount: Amount("1000.555")!, day: 1, from: TestData.date("2024-01-01"), to: TestData.date("2024-01-01")),
            on: history)
        #expect(fractional.units == Amount("100.056"))
    }
}
