import Foundation
import Hummingbird

/// The fields of a posted `application/x-www-form-urlencoded` form.
public struct FormData: Sendable {
    /// Field values by name (the last one wins when a name repeats).
    public var fields: [String: String]

    /// Creates form data from fields.
    public init(fields: [String: String]) { self.fields = fields }

    /// Reads the request's body (capped at ``WebLimits/maxFormBytes``).
    /// - Throws: `HTTPError(.contentTooLarge)` over the cap, `.badRequest` for a body that is not a form.
    public static func read(_ request: Request, context: WebRequestContext) async throws -> FormData {
        let buffer = try await request.body.collect(upTo: context.maxFormSize)
        return try parse(String(buffer: buffer))
    }

    /// Parses an encoded form.
    public static func parse(_ text: String) throws -> FormData {
        guard !text.isEmpty else { return FormData(fields: [:]) }
        do {
            return FormData(fields: try URLEncodedFormDecoder().decode([String: String].self, from: text))
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read.")
        }
    }

    /// A field, trimmed; empty strings count as missing.
    public subscript(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }
}
