import FeatureKit
import Foundation
import HTTPTypes
import Hummingbird

/// Responses with the right content types, and how a ``FolioError`` maps to an HTTP status.
public enum WebResponses {
    /// An HTML document.
    public static func html(_ document: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }

    /// A JSON document (already encoded).
    public static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A download with a file name.
    public static func download(_ text: String, contentType: String, fileName: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A refusal as JSON: `{"error": what, "why": …, "hint": …}`.
    public static func jsonError(_ error: FolioError) -> Response {
        struct Body: Encodable {
            var error: String
            var why: String?
            var hint: String?
        }
        let text = (try? JSONOutput.string(Body(error: error.what, why: error.why, hint: error.hint))) ?? "{}"
        return json(text, status: status(for: error))
    }

    /// 303 See Other (after a form post), optionally leaving a flash message for the next page.
    public static func redirect(to location: String, flash: Flash? = nil) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        if let flash { headers[.setCookie] = FlashCookie.setCookie(flash) }
        return Response(status: .seeOther, headers: headers)
    }

    /// The HTTP status for a CLI refusal.
    public static func status(for error: FolioError) -> HTTPResponse.Status {
        switch error.kind {
        case .usage: .badRequest
        case .refused: error.what.hasPrefix("not found") || error.what.contains("no scheme") ? .notFound : .unprocessableContent
        case .dataError: .unprocessableContent
        case .unavailable: .serviceUnavailable
        case .noInput, .noPermission, .internal: .internalServerError
        }
    }
}
