/// Sends HTTP requests. The one seam between features and the network.
///
/// Implementations return a response for every status the server sends; they throw ``NetworkError`` only
/// when no complete response arrived (timeout, connection failure, truncated body) and `CancellationError`
/// when the calling task was cancelled.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the server's complete response.
    /// - Parameter request: The request to send.
    /// - Returns: The response, whatever its status.
    /// - Throws: ``NetworkError`` when no complete response arrived; `CancellationError` on cancellation.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
