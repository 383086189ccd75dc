import Foundation
import Persistence
import Testing

@Suite struct DecimalStorageTests {
    @Test func readsThisFoundationsDecimalsExactly() throws {
        // If this fails after a toolchain update, Foundation packs Decimal differently: formatting stays
        // correct through the bridge, only slower, and DecimalStorage needs a look.
        #expect(DecimalStorage.isReadable)
        var generator = SplitMix64(seed: 0xDEC1_3A15)
        for index in 0..<2_000 {
            let high = UInt64.random(in: 0...UInt64.max, using: &generator)
            let low = UInt64.random(in: 0...UInt64.max, using: &generator)
            let significand = index % 3 == 0 ? UInt128(low % 1_000_000) : index % 3 == 1 ? UInt128(low) : UInt128(high >> 12) << 64 | UInt128(low)
            let exponent = Int.random(in: -60...40, using: &generator)
            let negative = Bool.random(using: &generator)
            let text = (negative ? "-" : "") + String(significand) + "e" + String(exponent)
            let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
            let parts = try #require(DecimalStorage.parts(value))
            let rebuilt = Decimal(string: (parts.isNegative ? "-" : "") + String(parts.significand) + "e" + String(parts.exponent), locale: Locale(identifier: "en_US_POSIX"))
            #expect(rebuilt == value, "\(text)")
            #expect(parts.isNegative == (value < 0), "\(text)")
        }
        #expect(DecimalStorage.parts(Decimal.nan) == nil)
        let zero = try #require(DecimalStorage.parts(Decimal(0)))
        #expect(zero.isNegative == false && zero.significand == 0 && zero.exponent == 0)
        let largest = try #require(DecimalStorage.parts(Decimal.greatestFiniteMagnitude))
        #expect(largest.significand == UInt128.max && largest.exponent == 127)
    }

    @Test func writesPlainTextAsDescriptionDoes() throws {
        var generator = SplitMix64(seed: 0x7E17)
        for index in 0..<2_000 {
            let significand = index % 2 == 0
                ? UInt64.random(in: 0...1_000_000, using: &generator) * [1, 10, 100, 1000][index % 4]
                : UInt64.random(in: 0...UInt64.max, using: &generator)
            let value = Decimal(
                sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -30...20, using: &generator),
                significand: Decimal(significand))
            #expect(DecimalStorage.plainText(value) == value.description, "\(significand) \(value.exponent)")
        }
        for text in ["0", "-0.5", "0.001", "12.3400", "1e5", "-7e-3", "123456789012345678901234567890.5"] {
            let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
            #expect(DecimalStorage.plainText(value) == value.description, "\(text)")
        }
        #expect(DecimalStorage.plainText(Decimal.nan) == Decimal.nan.description)
        #expect(DecimalStorage.plainText(Decimal.greatestFiniteMagnitude) == Decimal.greatestFiniteMagnitude.description)
    }
}

/// A small seeded generator, so random cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
