import Foundation
import Networking

/// Why the MF API could not give a scheme's history, beyond transport failures (which stay `NetworkError`).
public enum MFAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The API does not know the code: HTTP 200 with blank meta and empty data, or HTTP 404.
    case noSuchScheme(code: Int)
    /// The API refused the code (HTTP 400, `{"error":"invalid scheme_code"}`).
    case rejected(code: Int, reason: String)
    /// The API answered with rows, none of them usable.
    case noUsableNAVs(code: Int, skippedRows: Int)

    /// One line naming the code.
    public var description: String {
        switch self {
        case .noSuchScheme(let code): "no such scheme \(code)"
        case .rejected(let code, let reason): "the MF API rejected scheme code \(code): \(reason)"
        case .noUsableNAVs(let code, let skipped): "scheme \(code) has no usable NAVs (\(skipped) malformed rows)"
        }
    }
}

/// The MF API (`https://api.mfapi.in` by default): the scheme list, one scheme's NAV history, and the
/// API's own name search.
public struct MFAPIClient: Sendable {
    /// The API's base URL; paths are appended to it.
    public let baseURL: URL
    private let http: any HTTPClient

    /// Creates a client.
    public init(baseURL: URL, http: any HTTPClient) {
        self.baseURL = baseURL
        self.http = http
    }

    /// The URL of the scheme list, for messages.
    public var listURL: URL { baseURL.appendingPathAndQuery(path: "/mf", query: []) }

    /// The URL of a scheme's history, for messages.
    public func historyURL(code: Int) -> URL { baseURL.appendingPathAndQuery(path: "/mf/\(code)", query: []) }

    /// Every scheme (`GET /mf`, about 45,000 entries).
    /// - Throws: `NetworkError` for transport failures, non-2xx answers and a body that is not an array.
    public func schemeList() async throws -> SchemeList {
        let request = HTTPRequest.get(baseURL, path: "/mf", headers: ["Accept": "application/json"])
        return try await http.send(
            Endpoint(request: request) { response in
                try Self.decode(response) { try MFAPIDecoding.schemeList(from: $0) }
            })
    }

    /// The API's own name search (`GET /mf/search?q=`): codes and names only.
    public func search(_ query: String) async throws -> [Scheme] {
        let request = HTTPRequest.get(
            baseURL, path: "/mf/search", query: [("q", query)], headers: ["Accept": "application/json"])
        return try await http.send(
            Endpoint(request: request) { response in
                try Self.decode(response) { try MFAPIDecoding.schemeList(from: $0).schemes }
            })
    }

    /// A scheme's meta and NAV history (`GET /mf/{code}`), oldest NAV first.
    /// - Throws: ``MFAPIError`` when the API does not know or refuses the code; `NetworkError` for transport
    ///   failures, other non-2xx answers (5xx stay transient so a cached copy can be served) and bodies that
    ///   do not decode.
    public func history(code: Int) async throws -> NAVHistory {
        let request = HTTPRequest.get(baseURL, path: "/mf/\(code)", headers: ["Accept": "application/json"])
        let response = try await http.send(request)
        switch response.status {
        case 200..<300:
            let body = try Self.decode(response) { try MFAPIDecoding.historyBody(from: $0) }
            guard body.rowCount > 0 else { throw MFAPIError.noSuchScheme(code: code) }
            guard !body.parsed.isEmpty else {
                throw MFAPIError.noUsableNAVs(code: code, skippedRows: body.skippedRows)
            }
            return NAVHistory(code: code, meta: body.meta, parsed: body.parsed, skippedRows: body.skippedRows)
        case 404:
            throw MFAPIError.noSuchScheme(code: code)
        case 400:
            throw MFAPIError.rejected(
                code: code, reason: MFAPIDecoding.errorMessage(from: response.body) ?? "HTTP 400")
        default:
            throw NetworkError.status(
                code: response.status, url: response.url, body: response.bodySnippet,
                retryAfter: nil)
        }
    }

    private static func decode<T>(_ response: HTTPResponse, _ body: (Data) throws -> T) throws -> T {
        do {
            return try body(response.body)
        } catch let error as DecodingError {
            throw NetworkError.decoding(url: response.url, path: error.jsonPath, reason: error.reason)
        }
    }
}
