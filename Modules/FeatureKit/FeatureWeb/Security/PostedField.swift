import HTTPTypes
import Hummingbird

/// One field of a posted form, read by a middleware before the handler: the body is collected once and kept
/// for whoever reads it next (the handler, or another middleware).
enum PostedField {
    /// The value of `name` in an encoded or multipart body, nil for any other body or when the field is absent.
    static func value(
        _ name: String, in request: inout Request, context: WebRequestContext
    ) async throws -> String? {
        let contentType = request.headers[.contentType]
        if contentType?.hasPrefix("application/x-www-form-urlencoded") == true {
            let buffer = try await request.collectBody(upTo: context.maxFormSize)
            return try FormData.parse(String(buffer: buffer)).fields[name]
        }
        if let boundary = contentType.flatMap(MultipartForm.boundary(contentType:)) {
            let buffer = try await request.collectBody(upTo: context.maxUploadSize)
            return try MultipartForm.parse(Array(buffer.readableBytesView), boundary: boundary).fields[name]
        }
        return nil
    }
}
