import Foundation
@testable import MutualFunds
import Persistence
import Testing
import Timing

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
            from: Data(#"{"meta":{},"data":[{"date":"02-01-2024","nav":"10.5"},{"date":"01-01-2024","nav":"9.87654"}]}"#.utf8))
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
                value: Data(#"{"code":7,"meta":{"scheme_code":7},"days":"AQAAAA==","units":"","scale":5,"skippedRows":0}"#.utf8))
            try transaction.put(HistoryCache.key(code: 8), value: Data("not json".utf8))
        }
        #expect(try await store.read { try HistoryCache.entry(code: 7, in: $0) } == nil)
        #expect(try await store.read { try HistoryCache.entry(code: 8, in: $0) } == nil)
    }
}
