import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What a form post was answered, kept so that the same post sent again is answered the same way without being
/// applied again: the status, where it led, the message it left for the next page, and a body when it had one.
public struct FormOutcome: Codable, Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The `Location` of a redirect.
    public var location: String?
    /// The flash cookie it set (the message the next page shows), never any other cookie: a session cookie
    /// replayed would hand a login to whoever replays.
    public var flash: String?
    /// The body's content type, when it had a body.
    public var contentType: String?
    /// The body, when it had one.
    public var body: Data?

    /// The largest body kept; a bigger answer is not replayed (the post may then be applied again).
    static let maxBody = 512 * 1024

    /// The outcome of `response`, with its body collected (the response is rebuilt with it), nil when it is not
    /// one to replay: an error (4xx, 5xx: nothing was applied, so sending again must be possible) or too big.
    static func of(_ response: inout Response) async throws -> FormOutcome? {
        guard (200..<400).contains(response.status.code) else { return nil }
        let buffer = try await CollectedBody.collect(&response)
        guard buffer.readableBytes <= maxBody else { return nil }
        let flash = response.headers[values: .setCookie].first { $0.hasPrefix(FlashCookie.name + "=") }
        let body = buffer.readableBytes == 0 ? nil : Data(buffer.readableBytesView)
        return FormOutcome(
            status: response.status.code, location: response.headers[.location], flash: flash,
            contentType: body == nil ? nil : response.headers[.contentType], body: body)
    }

    /// The response again.
    var response: Response {
        var headers = HTTPFields()
        if let location { headers[.location] = location }
        if let flash { headers[.setCookie] = flash }
        if let contentType { headers[.contentType] = contentType }
        headers[.cacheControl] = "no-store"
        let buffer = body.map { ByteBuffer(bytes: $0) } ?? ByteBuffer()
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}
