import Foundation

/// An HTTP response as a value. Any status is a response; deciding what is an error is up to the caller.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The response header fields.
    public var headers: HTTPHeaders
    /// The body, already decompressed.
    public var body: Data
    /// The URL that answered.
    public var url: URL

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The first 200 characters of the body as text, for error messages.
    public var bodySnippet: String? {
        guard !body.isEmpty else { return nil }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return body.count > 200 ? text + "…" : text
    }
}
