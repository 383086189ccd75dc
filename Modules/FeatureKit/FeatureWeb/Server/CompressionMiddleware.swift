import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sends HTML, CSS, JavaScript and JSON over 1 KB gzip-compressed to a client that accepts it: a page is mostly
/// markup and numbers, a fifth of its size or less compressed, which a phone on a slow link feels. Bodies of
/// unknown length (an event stream) and anything else (images, downloads, the 1 KB static file) go as they are.
public struct CompressionMiddleware: RouterMiddleware {
    /// The request context of every Folio route.
    public typealias Context = WebRequestContext
    /// Smaller bodies gain less than the header and the work cost.
    static let minimumBytes = 1024

    /// Creates the middleware.
    public init() {}

    /// Applies the rule, then passes the request on to `next`.
    public func handle(
        _ request: Request, context: WebRequestContext, next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard request.method != .head, Self.acceptsGzip(request.headers[.acceptEncoding]),
            response.headers[.contentEncoding] == nil, let type = response.headers[.contentType],
            Self.compressible(type), let length = response.body.contentLength, length > Self.minimumBytes
        else { return response }
        var buffer = try await CollectedBody.collect(&response)
        let compressed = try buffer.compress(with: .gzip())
        response.body = ResponseBody(byteBuffer: compressed)
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        return response
    }

    /// Whether an `Accept-Encoding` value takes gzip (listed, or `*`, and not with `q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.lowercased().split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = parts.first, coding == "gzip" || coding == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0 { return true }
        }
        return false
    }

    /// HTML, CSS, JavaScript and JSON (problem details and the OpenAPI document included).
    static func compressible(_ contentType: String) -> Bool {
        let type =
            contentType.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return type == "text/html" || type == "text/css" || type == "text/javascript"
            || type == "application/javascript"
            || type == "application/json" || type.hasSuffix("+json")
    }
}
