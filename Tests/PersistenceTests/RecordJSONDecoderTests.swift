import Foundation
import Testing

@testable import Persistence

/// Stored records must read back to what `JSONDecoder` (dates in seconds) read, value and form, so every case is
/// checked against `JSONDecoder` itself.
@Suite struct RecordJSONDecoderTests {
    static func reference<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(json.utf8))
    }

    static func ours<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try RecordJSONDecoder.decode(type, from: Data(json.utf8))
    }

    /// Both succeed with the same re-encoded bytes (so `Decimal`s keep their form), or both fail the same way.
    static func expectSame<T: Codable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let theirs = Result { try reference(type, json) }
        let mine = Result { try ours(type, json) }
        switch (theirs, mine) {
        case (.success(let expected), .success(let actual)):
            let expectedBytes = try? RecordJSONEncoder.encode(expected)
            let actualBytes = try? RecordJSONEncoder.encode(actual)
            #expect(expectedBytes == actualBytes, "\(json)", sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let actual)):
            #expect(kind(expected) == kind(actual), "\(json): \(expected) vs \(actual)", sourceLocation: sourceLocation)
        case (.success, .failure(let error)):
            Issue.record("\(json): JSONDecoder reads it, ours fails with \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success):
            Issue.record("\(json): JSONDecoder fails with \(error), ours reads it", sourceLocation: sourceLocation)
        }
    }

    static func kind(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "keyNotFound \(key.stringValue)"
        case .valueNotFound?: "valueNotFound"
        case .typeMismatch?: "typeMismatch"
        case .dataCorrupted?: "dataCorrupted"
        default: "other"
        }
    }

    struct Price: Codable { var value: Decimal }
    struct Count: Codable { var value: Int }
    struct Small: Codable { var value: UInt8 }
    struct Text: Codable { var value: String }
    struct Maybe: Codable { var value: Int? }
    struct When: Codable { var value: Date }

    @Test func readsEveryKindOfValueAsJSONDecoderDoes() throws {
        let everything = try RecordCoding.encode(RecordJSONEncoderTests.Everything(), key: "k")
        let json = String(decoding: everything, as: UTF8.self)
        Self.expectSame(RecordJSONEncoderTests.Everything.self, json)
        #expect(try Self.ours(RecordJSONEncoderTests.Everything.self, json) == RecordJSONEncoderTests.Everything())
        Self.expectSame(
            [RecordJSONEncoderTests.Shape].self, #"[{"circle":{"radius":2}},{"polygon":{"_0":[1,2.5]}},{"empty":{}}]"#)
        Self.expectSame([String: [Int?]].self, #" { "a" : [ 1 , null ] , "b" : [ ] } "#)
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        Self.expectSame([String: Int].self, "{\(many),\"k3\":99}")
        Self.expectSame([String: Int].self, #"{"a":1,"a":2}"#)
        Self.expectSame(Count.self, #"{"value":1,"value":2}"#)
        Self.expectSame(Text.self, #"{"value":"a\/b\"c\\\n\t\r\b\f\u0001\u00e9\ud83d\ude00"}"#)
        Self.expectSame(When.self, #"{"value":1700000000.25}"#)
        Self.expectSame(When.self, #"{"value":-1}"#)
        Self.expectSame(Maybe.self, #"{"value":null}"#)
        Self.expectSame(Maybe.self, #"{}"#)
        Self.expectSame(Count.self, #"{"value":-9223372036854775808}"#)
        Self.expectSame(Count.self, #"{"value":2.0}"#)
        Self.expectSame(Count.self, #"{"value":2e2}"#)
    }

    @Test func readsDecimalsToTheSameValueAndForm() {
        let texts = [
            "0", "-0", "0.0", "12.30", "-12.34", "100", "1000000", "0.001", "0.00100", "1e3", "1.5e-3", "-2E+2",
            "123456789012345678", "1234567890123456789", "99999999999999999999.123456789",
            "123456789012345678901234567890.5", "0.000000000000000000000000000001", "340282366920938463463374607431768211455",
        ]
        for text in texts { Self.expectSame(Price.self, #"{"value":\#(text)}"#) }
        var generator = SplitMix64(seed: 11)
        for _ in 0..<1_000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999_999, using: &generator))
            let point = Int.random(in: 0...digits.count, using: &generator)
            var text = point == digits.count ? digits : "\(digits.prefix(point).isEmpty ? "0" : String(digits.prefix(point))).\(digits.dropFirst(point))"
            if Bool.random(using: &generator) { text = "-" + text }
            Self.expectSame(Price.self, #"{"value":\#(text)}"#)
        }
    }

    @Test func failsWhereJSONDecoderFails() {
        Self.expectSame(Count.self, #"{}"#)
        Self.expectSame(Count.self, #"{"value":null}"#)
        Self.expectSame(Count.self, #"{"value":"1"}"#)
        Self.expectSame(Count.self, #"{"value":1.5}"#)
        Self.expectSame(Small.self, #"{"value":256}"#)
        Self.expectSame(Small.self, #"{"value":-1}"#)
        Self.expectSame(Text.self, #"{"value":1}"#)
        Self.expectSame(Price.self, #"{"value":"1"}"#)
        Self.expectSame([Int].self, #"{"a":1}"#)
        for broken in [#"{"value":1"#, #"{"value":01}"#, #"{"value":1.}"#, #"{"value":tru}"#, "", "1 2"] {
            Self.expectSame(Count.self, broken)
        }
        Self.expectSame(Text.self, #"{"value":"\x"}"#)
        Self.expectSame(Text.self, #"{"value":"\ud83d"}"#)
        Self.expectSame([Int].self, "[1,]")
        Self.expectSame([Int].self, "[1, ]")
        Self.expectSame([Int].self, "[,]")
        Self.expectSame(Count.self, #"{"value":1,}"#)
    }

    @Test func namesTheMissingKeyAndItsPath() throws {
        struct Outer: Codable { var inner: [Count] }
        #expect {
            try Self.ours(Outer.self, #"{"inner":[{"value":1},{}]}"#)
        } throws: { error in
            guard case .keyNotFound(let key, let context) = error as? DecodingError else { return false }
            return key.stringValue == "value" && context.codingPath.map(\.stringValue) == ["inner", "Index 1"]
        }
    }

    @Test func storesAndReadsBackThroughEveryBackend() throws {
        let stored = try RecordCoding.encode(RecordJSONEncoderTests.Everything(), key: "k")
        #expect(try RecordCoding.decode(RecordJSONEncoderTests.Everything.self, from: stored, key: "k") == RecordJSONEncoderTests.Everything())
        #expect(throws: PersistenceError.self) { try RecordCoding.decode(Count.self, from: Data("{}".utf8), key: "k") }
    }
}
