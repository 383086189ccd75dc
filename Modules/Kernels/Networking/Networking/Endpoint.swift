import Foundation

/// A request paired with how to read its answer: the typed way for features to call an API.
public struct Endpoint<Response: Sendable>: Sendable {
    /// The request to send.
    public var request: HTTPRequest
    /// Turns a successful (2xx) response into the typed result.
    public var decode: @Sendable (HTTPResponse) throws -> Response

    /// Creates an endpoint from a request and a decoder of successful responses.
    public init(request: HTTPRequest, decode: @escaping @Sendable (HTTPResponse) throws -> Response) {
        self.request = request
        self.decode = decode
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose 2xx body is JSON decoded as `Response`.
    public static func json(_ request: HTTPRequest, decoder: JSONDecoder = JSONDecoder()) -> Endpoint {
        var request = request
        if request.headers["Accept"] == nil { request.headers["Accept"] = "application/json" }
        let decoderBox = UncheckedSendableBox(decoder)
        return Endpoint(request: request) { response in
            try JSONBody.decode(Response.self, from: response, decoder: decoderBox.value)
        }
    }
}

extension HTTPClient {
    /// Sends the endpoint's request and decodes the answer.
    /// - Throws: ``NetworkError/status(code:url:body:retryAfter:)`` for a non-2xx answer,
    ///   ``NetworkError/decoding(url:path:reason:)`` for a body that does not decode.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let response = try await send(endpoint.request)
        guard response.isSuccess else {
            throw NetworkError.status(
                code: response.status, url: response.url, body: response.bodySnippet,
                retryAfter: RetryPolicy.retryAfter(response.headers["Retry-After"], now: Date()))
        }
        return try endpoint.decode(response)
    }
}

/// JSON decoding that reports failures as ``NetworkError/decoding(url:path:reason:)`` with the JSON path.
public enum JSONBody {
    /// Decodes `type` from the body of `response`.
    public static func decode<T: Decodable>(
        _ type: T.Type, from response: HTTPResponse, decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        do {
            return try decoder.decode(type, from: response.body)
        } catch let error as DecodingError {
            throw NetworkError.decoding(url: response.url, path: error.jsonPath, reason: error.reason)
        }
    }
}

extension DecodingError {
    /// Where in the document the error happened, as `data[12].nav`.
    public var jsonPath: String {
        let path: [any CodingKey]
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        return path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }

    /// What was wrong, without the coding path (which ``jsonPath`` gives).
    public var reason: String {
        switch self {
        case .typeMismatch(let type, let context):
            "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            "missing \(type): \(context.debugDescription)"
        case .keyNotFound(let key, _):
            "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            context.underlyingError.map { "\(context.debugDescription) (\($0.localizedDescription))" }
                ?? context.debugDescription
        @unknown default:
            "\(self)"
        }
    }
}

/// `JSONDecoder` is immutable once configured here but not marked `Sendable` on every platform.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
