import Foundation
import Persistence
import Testing
import Timing

@testable import MutualFunds

@Suite("Exact NAVs")
struct ExactNAVTests {
    @Test("NAV text parses to an integer and a scale, or not at all")
    func parse() {
        #expect(ExactNAV(text: "90.52890") == ExactNAV(significand: 9_052_890, scale: 5))
        #expect(ExactNAV(text: " 144.13 ") == ExactNAV(significand: 14413, scale: 2))
        #expect(ExactNAV(text: "10") == ExactNAV(significand: 10, scale: 0))
        #expect(ExactNAV(text: "0.00001") == ExactNAV(significand: 1, scale: 5))
        for bad in ["", ".", "N.A.", "-1.5", "+1", "1e3", "1.2.3", "12,345.00", "1.123456789", "1234567890123456789"] {
            #expect(ExactNAV(text: bad) == nil, "\(bad)")
        }
        #expect(ExactNAV(text: "1.5")?.units(atScale: 5) == 150_000)
        #expect(ExactNAV(text: "90.52890")?.decimal == Decimal(string: "90.5289"))
    }

    @Test("rows at different scales share the finest; doubles are the nearest to the text")
    func mixedScales() throws {
        let body = try MFAPIDecoding.historyBody(
            from: Data(
                #"{"meta":{},"data":[{"date":"02-01-2024","nav":"10.5"},{"date":"01-01-2024","nav":"9.87654"}]}"#.utf8))
        let history = NAVHistory(code: 1, meta: body.meta, parsed: body.parsed, skippedRows: 0)
        #expect(history.scale == 5)
        #expect(history.points.map(\.nav) == [Decimal(string: "9.87654")!, Decimal(string: "10.5")!])
        #expect(history.series.values == [9.87654, 10.5])
    }

    @Test("more than 8 decimals from a Decimal are rounded to 8")
    func rounding() {
        let history = TestData.history([("2024-01-01", "1.123456789")])
        #expect(history.points.first?.nav == Decimal(string: "1.12345679"))
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

    @Test("SIP units and values in integers agree with Decimal arithmetic")
    func unitsMath() {
        let math = UnitsMath(amount: 5000, scale: 5)
        for navUnits: Int64 in [9_052_890, 1_234_567, 99_999, 1_000_000_000, 7] {
            let nav = Decimal(sign: .plus, exponent: -5, significand: Decimal(navUnits))
            var quotient = Decimal(5000) / nav
            var rounded = Decimal()
            NSDecimalRound(&rounded, &quotient, 3, .plain)
            #expect(math.units(navUnits: navUnits).decimal == rounded, "\(nav)")
        }
        let fractional = UnitsMath(amount: Decimal(string: "1000.555")!, scale: 5)
        if case .exact = fractional.units(navUnits: 1_000_000) { Issue.record("a fraction of a paisa needs Decimal") }
        #expect(fractional.units(navUnits: 1_000_000).decimal == Decimal(string: "100.056"))
        // 1,234.567 × 90.5289 = 111,763.9916…
        #expect(math.value(units: .exact(1_234_567), navUnits: 9_052_890) == Decimal(string: "111763.99"))
    }
}
