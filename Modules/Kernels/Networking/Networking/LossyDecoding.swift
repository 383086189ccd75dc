import Foundation

/// Why one value of an API body could not be decoded: its JSON path and the reason.
public struct DecodingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the document, as `data[12].nav` (relative to the value's parent when decoded in a container).
    public var path: String
    /// What was wrong.
    public var reason: String

    /// Creates a failure.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Reads a failure from any error thrown while decoding.
    public init(_ error: any Error) {
        if let error = error as? DecodingError {
            self.init(path: error.jsonPath, reason: error.reason)
        } else {
            self.init(path: "", reason: "\(error)")
        }
    }

    /// `path: reason`, or the reason alone at the top level.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// A value that may fail to decode without failing its parent: one malformed row of an API answer costs that
/// row, not the answer. Decode `[Lossy<Row>]` or `[String: Lossy<Row>]` and keep the successes; the failures
/// say why, for a count or a `skipped` list.
public struct Lossy<Value: Decodable>: Decodable {
    /// The value, or why it could not be decoded.
    public var result: Result<Value, DecodingFailure>

    /// The value, or nil when it could not be decoded.
    public var value: Value? { try? result.get() }

    /// Wraps a result.
    public init(_ result: Result<Value, DecodingFailure>) { self.result = result }

    /// Never throws: a failure of `Value` is kept in ``result``.
    public init(from decoder: any Decoder) {
        do {
            result = .success(try Value(from: decoder))
        } catch {
            result = .failure(DecodingFailure(error))
        }
    }
}

extension Lossy: Sendable where Value: Sendable {}

/// An array whose elements that fail to decode are left out and reported, never failing the array.
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded, in order.
    public var elements: [Element]
    /// Each element that did not: its index in the JSON array and why.
    public var failures: [(index: Int, failure: DecodingFailure)]

    /// Decodes a JSON array (an error only when the value is not an array at all).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        elements = []
        failures = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            switch try container.decode(Lossy<Element>.self).result {
            case .success(let element): elements.append(element)
            case .failure(let failure): failures.append((index, failure))
            }
        }
    }
}

extension LossyArray: Sendable where Element: Sendable {}
