import Failures
import Foundation

/// What `folio alerts add KIND …` asks for: the kind, its parameters as the kind's own Codable value (kept as
/// JSON, so the host stores them without knowing their type) and the condition in words.
public struct AlertDefinition: Codable, Sendable, Equatable {
    /// The kind's name.
    public var kind: String
    /// The kind's parameters, JSON-encoded with sorted keys.
    public var parameters: String
    /// The condition as a person reads it: "horse races starting within 5m".
    public var summary: String

    /// Creates a definition from typed parameters.
    /// - Throws: ``FolioError`` (internal) when the parameters cannot be encoded.
    public init<Parameters: Encodable>(kind: String, parameters: Parameters, summary: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        do {
            self.parameters = String(decoding: try encoder.encode(parameters), as: UTF8.self)
        } catch {
            throw FolioError(.internal, "the \(kind) alert's parameters could not be encoded", why: "\(error)")
        }
        self.kind = kind
        self.summary = summary
    }

    /// The parameters as the kind's type.
    /// - Throws: ``FolioError`` (data error) when the stored parameters no longer read as that type.
    public func decode<Parameters: Decodable>(_ type: Parameters.Type) throws -> Parameters {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: Data(parameters.utf8))
        } catch {
            throw FolioError(
                .dataError, "a stored \(kind) alert's parameters are unreadable", why: "\(error)",
                hint: "remove the alert and add it again")
        }
    }
}
