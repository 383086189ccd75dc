import Foundation
import Money
import PropertyBased
import Testing

@Suite("Amount coding")
struct CodingTests {
    struct Record: Codable, Equatable { var price: Amount }

    @Test func jsonRoundTripsEveryDigit() async throws {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        await propertyCheck(count: 2_000, input: Generators.amount) { generated in
            let data = try? encoder.encode(Record(price: generated.amount))
            #expect(
                data.flatMap { String(decoding: $0, as: UTF8.self) } == "{\"price\":\(generated.text.trimmedZeros)}")
            #expect(data.flatMap { try? decoder.decode(Record.self, from: $0) } == Record(price: generated.amount))
        }
    }

    @Test func readsNumbersInStringsAndRefusesNonsense() throws {
        let decoder = JSONDecoder()
        #expect(
            try decoder.decode(Record.self, from: Data(#"{"price":"90.5289"}"#.utf8)).price
                == Amount(905_289, places: 4))
        #expect(throws: DecodingError.self) { try decoder.decode(Record.self, from: Data(#"{"price":"1e5"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Record.self, from: Data(#"{"price":1e-20}"#.utf8)) }
    }

    @Test func numbersBeyondADoublesDigitsStayExact() throws {
        let decoder = JSONDecoder()
        let long = try decoder.decode(Record.self, from: Data(#"{"price":1234567.123456789012}"#.utf8)).price
        #expect(long.plainText == "1234567.123456789012")
        let tiny = try decoder.decode(Record.self, from: Data(#"{"price":0.000001}"#.utf8)).price
        #expect(tiny == Amount(1, places: 6))
        let encoded = try JSONEncoder().encode([Record(price: long), Record(price: tiny), Record(price: -5)])
        #expect(
            String(decoding: encoded, as: UTF8.self)
                == #"[{"price":1234567.123456789012},{"price":0.000001},{"price":-5}]"#)
    }

    @Test func doublesForStatisticsOnly() {
        #expect(Amount(0.1 + 0.2, places: 2) == Amount(3, places: 1))
        #expect(Amount(Double.nan, places: 2) == nil)
        #expect(Amount(1_234_567, places: 3).doubleValue == 1_234.567)
    }

    @Test func doubleValueIsTheSameOnEitherSideOfTheSixtyFourBitFastPath() async throws {
        // Units of 10⁻¹²: Int64 holds amounts under 9.2 million; past that the 128-bit split runs.
        let unitsPerOne: Int128 = 1_000_000_000_000
        func reference(_ units: Int128) -> Double {
            Double(units / unitsPerOne) + Double(units % unitsPerOne) / 1e12
        }
        let edge = Int128(Int64.max)
        for units in [edge - 1, edge, edge + 1, -edge - 1, -edge - 2, 0, 1, -1] {
            #expect(try Amount(units: units).doubleValue == reference(units), "\(units)")
        }
        // Generated amounts reach 10¹⁵ with up to 12 places: units from 1 to 10²⁷, on both sides of the edge.
        await propertyCheck(count: 3_000, input: Generators.amount) { generated in
            #expect(generated.amount.doubleValue == reference(generated.amount.units), "\(generated)")
        }
    }
}

extension String {
    /// What `Decimal` prints: no trailing fractional zeros, no bare point, `0` for zero, no `-0`.
    var trimmedZeros: String {
        guard contains(".") else { return self == "-0" ? "0" : self }
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
