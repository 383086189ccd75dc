import Failures
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

    /// A refusal as RFC 9457 problem details (`application/problem+json`): `title` (what failed), `status`,
    /// `detail` (why), and the members `kind`, `hint` and `field` (the input it blames), with the status its
    /// kind calls for.
    public static func problem(_ error: FolioError, status override: HTTPResponse.Status? = nil) -> Response {
        let status = override ?? status(for: error)
        let body = ProblemDetails(error, status: status.code)
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        let text = (try? JSONOutput.string(body)) ?? "{}"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A report value as JSON, byte for byte what `--format json` prints (sorted keys, ISO 8601 dates, the final
    /// newline), so the API and the terminal cannot drift.
    public static func json(encoding value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        do {
            return json(try JSONOutput.string(value) + "\n", status: status)
        } catch {
            return problem(FolioError(.internal, "could not encode the response", why: "\(error)"))
        }
    }

    /// 303 See Other (after a form post), optionally leaving a flash message for the next page.
    public static func redirect(to location: String, flash: Flash? = nil) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        if let flash { headers[.setCookie] = FlashCookie.setCookie(flash) }
        return Response(status: .seeOther, headers: headers)
    }

    /// The HTTP status that follows from a refusal's kind (RFC 9110): 422 for input the rules refuse, 404 for
    /// what does not exist, 409 for what the stored state refuses, 503 for an upstream or the database down.
    public static func status(for error: FolioError) -> HTTPResponse.Status {
        switch error.kind {
        case .invalid, .usage, .dataError, .noInput: .unprocessableContent
        case .notFound: .notFound
        case .refused: .conflict
        case .unavailable: .serviceUnavailable
        case .internal, .ioError, .noPermission: .internalServerError
        }
    }
}
