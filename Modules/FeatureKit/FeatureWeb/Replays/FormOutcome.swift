import Crypto
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
    /// The flash cookie it set (the message the next page shows).
    public var flash: String?
    /// Every other cookie it set (a login's session cookie), sealed under a key drawn from the form's one-time
    /// token (``sealing(_:token:)``): the store keeps only the token's digest, so a reader of the database cannot
    /// open them, while the browser that sends the same form again — the one holding the token — gets its
    /// login back.
    public var sealedCookies: Data?
    /// The body's content type, when it had a body.
    public var contentType: String?
    /// The body, when it had one.
    public var body: Data?

    /// The largest body kept; a bigger answer is not replayed (the post may then be applied again).
    static let maxBody = 512 * 1024

    /// The outcome of `response`, with its body collected (the response is rebuilt with it), nil when it is not
    /// one to replay: an error (4xx, 5xx: nothing was applied, so sending again must be possible) or too big.
    static func of(_ response: inout Response, token: String) async throws -> FormOutcome? {
        guard (200..<400).contains(response.status.code) else { return nil }
        let buffer = try await CollectedBody.collect(&response)
        guard buffer.readableBytes <= maxBody else { return nil }
        let cookies = response.headers[values: .setCookie]
        let flash = cookies.first { $0.hasPrefix(FlashCookie.name + "=") }
        let others = cookies.filter { !$0.hasPrefix(FlashCookie.name + "=") }
        let body = buffer.readableBytes == 0 ? nil : Data(buffer.readableBytesView)
        return FormOutcome(
            status: response.status.code, location: response.headers[.location], flash: flash,
            sealedCookies: others.isEmpty ? nil : try Self.sealing(others, token: token),
            contentType: body == nil ? nil : response.headers[.contentType], body: body)
    }

    /// The answer that says an earlier copy was applied and its server stopped before answering: a redirect to
    /// `page` with a message for it.
    static func alreadyApplied(page: String) -> FormOutcome {
        let message =
            "This form had already been sent and applied; the server stopped before it could answer. "
            + "It was not applied again."
        return FormOutcome(
            status: 303, location: page, flash: FlashCookie.setCookie(Flash(.warning, message)), sealedCookies: nil,
            contentType: nil, body: nil)
    }

    /// `cookies` sealed with AES-GCM under a key drawn from `token` (HMAC-SHA256, not the digest the store keys
    /// the record by).
    static func sealing(_ cookies: [String], token: String) throws -> Data {
        let sealed = try AES.GCM.seal(Data(cookies.joined(separator: "\n").utf8), using: key(token))
        guard let combined = sealed.combined else { throw CryptoKitError.incorrectParameterSize }
        return combined
    }

    /// The cookies of ``sealedCookies``; none when they cannot be opened with `token`.
    func cookies(token: String) -> [String] {
        guard let sealedCookies, let box = try? AES.GCM.SealedBox(combined: sealedCookies),
            let opened = try? AES.GCM.open(box, using: Self.key(token))
        else { return [] }
        return String(decoding: opened, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func key(_ token: String) -> SymmetricKey {
        SymmetricKey(
            data: HMAC<SHA256>.authenticationCode(
                for: Data("folio form outcome cookies".utf8), using: SymmetricKey(data: Data(token.utf8))))
    }

    /// The response again, for the browser that sent `token`.
    func response(token: String) -> Response {
        var headers = HTTPFields()
        if let location { headers[.location] = location }
        if let flash { headers.append(HTTPField(name: .setCookie, value: flash)) }
        for cookie in cookies(token: token) { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        if let contentType { headers[.contentType] = contentType }
        headers[.cacheControl] = "no-store"
        let buffer = body.map { ByteBuffer(bytes: $0) } ?? ByteBuffer()
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}
