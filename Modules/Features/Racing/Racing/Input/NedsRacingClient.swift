import Foundation
import Networking

/// Where next-to-go races come from: one call of the service's `nextraces` method.
public protocol NextRacesSource: Sendable {
    /// Asks for the next `count` races across all categories (the service may return fewer).
    func nextRaces(count: Int) async throws -> NextRacesPage
}

/// The Neds racing API: `GET {base}/rest/v1/racing/?method=nextraces&count=N`.
public struct NedsRacingClient: NextRacesSource {
    /// The default service root.
    public static let defaultBaseURL = URL(string: "https://api.neds.com.au")!

    private let http: any HTTPClient
    /// The service root the requests go to.
    public let baseURL: URL

    /// Creates a client.
    /// - Parameters:
    ///   - http: The transport (with the host's retries in the app, a stub or loopback in tests).
    ///   - baseURL: The service root; `FOLIO_NEDS_URL` points it at a loopback server.
    public init(http: any HTTPClient, baseURL: URL = NedsRacingClient.defaultBaseURL) {
        self.http = http
        self.baseURL = baseURL
    }

    /// The request for the next `count` races. The gateway behind this API answers GETs without a JSON
    /// content type with HTTP 500, so the header is always sent.
    public func request(count: Int) -> HTTPRequest {
        HTTPRequest.get(
            baseURL, path: "/rest/v1/racing/", query: [("method", "nextraces"), ("count", String(count))],
            headers: ["Content-Type": "application/json", "Accept": "application/json"])
    }

    /// Fetches and decodes the next `count` races.
    /// - Throws: ``NetworkError`` for transport failures, non-2xx answers and an envelope that does not decode.
    public func nextRaces(count: Int) async throws -> NextRacesPage {
        let endpoint = Endpoint(request: request(count: count)) { response in
            try JSONBody.decode(NextRacesResponse.self, from: response).page
        }
        return try await http.send(endpoint)
    }

    /// Decodes a recorded or received `nextraces` body.
    /// - Throws: `DecodingError` when the envelope itself cannot be read.
    public static func decode(_ body: Data) throws -> NextRacesPage {
        try JSONDecoder().decode(NextRacesResponse.self, from: body).page
    }
}
