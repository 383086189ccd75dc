import Foundation
import Testing

@testable import Persistence

/// Stored records are what `JSONEncoder` (sorted keys, dates in seconds) writes, byte for byte, so files written
/// by earlier versions read back and new ones compare equal.
@Suite struct RecordCodingTests {
    static func reference<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(value)
    }

    static func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try RecordCoding.encode(value, key: "k")
        let theirs = try reference(value)
        #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self),
            sourceLocation: sourceLocation)
    }

    struct Everything: Codable, Equatable {
        var b = 1
        var B = 2
        var a10 = 3
        var a2 = 4
        var _x = 5
        var é = 6
        var text = "a/b\"c\\\n\t\r\u{8}\u{c}\u{1}\u{1f}é😀\u{7f}"
        var whole = 1.0
        var tenth = 0.1
        var tiny = 1e-7
        var huge = 1e20
        var quadrillion = 1e15
        var negativeZero = -0.0
        var float: Float = 0.1
        var money = Decimal(string: "-12.3400")!
        var zero = Decimal(0)
        var wide = Decimal(string: "123456789012345678901234567890.5")!
        var date = Date(timeIntervalSince1970: 1_700_000_000.25)
        var url = URL(string: "https://x.y/z?q=1")!
        var data = Data([1, 2, 3, 250])
        var byNumber: [Int: String] = [2: "x", 10: "y"]
        var byName: [String: [Int?]] = ["z": [1, nil], "a": []]
        var byDouble: [Double: Int] = [1.5: 1]
        var missing: Int? = nil
        var present: Int? = 7
        var flags = [true, false]
        var int8: Int8 = -8
        var uint64 = UInt64.max
        var int64 = Int64.min
        var nested = [[Decimal(string: "1.5")!], []]
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5)]
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case polygon([Double], label: String?)
        case empty
    }

    class Base: Codable {
        var id = 1
    }

    final class Derived: Base {
        var name = "derived"
        enum CodingKeys: String, CodingKey { case name }

        override init() { super.init() }
        required init(from decoder: any Decoder) throws { fatalError("not decoded in these tests") }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Twice: Encodable {
        enum CodingKeys: String, CodingKey { case key }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .key)
            try container.encode("second", forKey: .key)
        }
    }

    @Test func writesWhatJSONEncoderWritesForEveryKindOfValue() throws {
        try Self.expectSameBytes(Everything())
        try Self.expectSameBytes([Shape.circle(radius: 2), .polygon([1, 2.5], label: nil), .empty])
        try Self.expectSameBytes(Derived())
        try Self.expectSameBytes(["quiet": Silent()])
        try Self.expectSameBytes(Twice())
        try Self.expectSameBytes(String(repeating: "x/", count: 40))
        try Self.expectSameBytes(42)
        try Self.expectSameBytes(Date(timeIntervalSince1970: 5))
        try Self.expectSameBytes(Decimal(string: "0.00001")!)
        try Self.expectSameBytes(Int?.none)
        try Self.expectSameBytes([String: Int]())
        try Self.expectSameBytes([Int]())
    }

    @Test func writesWhatJSONEncoderWritesForRandomRecords() throws {
        struct Entry: Codable {
            var sequence: Int
            var symbol: String?
            var price: Decimal?
            var amount: Decimal
            var timestamp: Date
            var ratio: Double
        }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let entry = Entry(
                sequence: Int.random(in: -1_000_000...1_000_000, using: &generator),
                symbol: Bool.random(using: &generator) ? nil : String(Int.random(in: 0...99_999, using: &generator)),
                price: Bool.random(using: &generator)
                    ? nil : Decimal(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 100,
                amount: Decimal(
                    sign: .plus, exponent: Int.random(in: -8...8, using: &generator),
                    significand: Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))),
                timestamp: Date(timeIntervalSince1970: Double.random(in: -1e10...1e10, using: &generator)),
                ratio: Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)))
            try Self.expectSameBytes(entry)
        }
    }

    @Test func refusesNonFiniteNumbersWithTheirPath() throws {
        struct Reading: Encodable { var values: [Double] }
        #expect {
            try RecordCoding.encode(Reading(values: [1, .nan]), key: "k")
        } throws: { error in
            guard case .encoding(let key, _, let reason)? = error as? PersistenceError else { return false }
            return key == "k" && reason.contains("Double.nan")
        }
        #expect(throws: PersistenceError.self) { try RecordCoding.encode(Float.infinity, key: "k") }
    }

    @Test func refusesATopLevelValueThatEncodesNothing() {
        #expect(throws: PersistenceError.self) { try RecordCoding.encode(Silent(), key: "k") }
        #expect(throws: (any Error).self) { try Self.reference(Silent()) }
    }

    @Test func readsBackThroughTheDecoder() throws {
        let value = Everything()
        let stored = try RecordCoding.encode(value, key: "k")
        #expect(try RecordCoding.decode(Everything.self, from: stored, key: "k") == value)
        let shapes: [Shape] = [.circle(radius: 2), .polygon([1], label: "p"), .empty]
        #expect(try RecordCoding.decode([Shape].self, from: RecordCoding.encode(shapes, key: "k"), key: "k") == shapes)
    }
}
