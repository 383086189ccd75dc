import Hummingbird
import ServiceLifecycle
import Timing

/// One server-sent event.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event name (`event:`), nil for plain messages.
    public var name: String?
    /// The data; each line becomes a `data:` line.
    public var data: String
    /// The event's id (`id:`), which a reconnecting browser sends back as `Last-Event-ID`; nil for none.
    public var id: String?
    /// How long a browser waits before reconnecting after the stream drops (`retry:`, milliseconds); nil for its
    /// default.
    public var retryMilliseconds: Int?

    /// Creates an event.
    public init(name: String? = nil, data: String, id: String? = nil, retryMilliseconds: Int? = nil) {
        self.name = name
        self.data = data
        self.id = id
        self.retryMilliseconds = retryMilliseconds
    }

    /// The event on the wire.
    public var encoded: String {
        var text = id.map { "id: \($0)\n" } ?? ""
        if let retryMilliseconds { text += "retry: \(retryMilliseconds)\n" }
        text += name.map { "event: \($0)\n" } ?? ""
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }
}

/// Streams events driven by the shared ``Ticker``: on every `every`-th tick `produce` is asked for the next
/// event (nil sends nothing). A comment line is sent on the other ticks so proxies and browsers keep the
/// connection open. The stream ends when the client goes away or the server shuts down gracefully.
public enum ServerSentEvents {
    /// The streaming response.
    public static func response(
        ticker: Ticker, every: Int, initial: ServerSentEvent? = nil,
        produce: @escaping @Sendable () async -> ServerSentEvent?
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        let body = ResponseBody { writer in
            if let initial { try await writer.write(ByteBuffer(string: initial.encoded)) }
            let subscription = await ticker.subscribe()
            do {
                try await withGracefulShutdownHandler {
                    for await tick in subscription {
                        if tick.sequence % max(every, 1) == 0, let event = await produce() {
                            try await writer.write(ByteBuffer(string: event.encoded))
                        } else {
                            try await writer.write(ByteBuffer(string: ": tick\n\n"))
                        }
                    }
                } onGracefulShutdown: {
                    // Ending the subscription ends the loop, so the response finishes and shutdown can complete.
                    Task { await ticker.unsubscribe(subscription) }
                }
            } catch {
                await ticker.unsubscribe(subscription)
                throw error
            }
            await ticker.unsubscribe(subscription)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
