import Foundation
import Networking
import Synchronization

/// An in-process HTTP client answering from a closure; records every request it was sent.
public final class StubHTTPClient: HTTPClient, Sendable {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let recorded = Mutex<[HTTPRequest]>([])

    /// Creates a stub answering each request with `handler`.
    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }

    /// Records `request` and answers it with the handler.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await handler(request)
    }
}

/// A client that fails the test that touches it: the default for contexts built for tests, so a test that
/// reaches the network without setting it up fails loudly instead of calling the internet.
public struct UnimplementedHTTPClient: HTTPClient {
    /// Creates the client.
    public init() {}

    /// Always throws ``UnimplementedError``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw UnimplementedError(what: "HTTPClient.send(\(request.method) \(request.url.absoluteString))")
    }
}

/// Thrown by a test double that a test used without configuring it.
public struct UnimplementedError: Error, CustomStringConvertible {
    /// What was called.
    public var what: String

    /// Creates the error.
    public init(what: String) { self.what = what }

    /// Names the unconfigured call.
    public var description: String { "unimplemented: \(what) was called but the test did not set it up" }
}
