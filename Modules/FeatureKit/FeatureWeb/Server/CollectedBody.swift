import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A response's whole body in one buffer, for a middleware that keeps or transforms it (a replayed form's answer,
/// a compressed page). Only for bodies that end: never for an event stream.
enum CollectedBody {
    /// Collects `response`'s body and puts it back as that one buffer.
    static func collect(_ response: inout Response) async throws -> ByteBuffer {
        let sink = Sink()
        try await response.body.write(Writer(sink: sink))
        let buffer = sink.buffer.withLock { $0 }
        response.body = ResponseBody(byteBuffer: buffer)
        return buffer
    }

    private final class Sink: Sendable {
        let buffer = Mutex(ByteBuffer())
    }

    private struct Writer: ResponseBodyWriter {
        let sink: Sink

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            _ = sink.buffer.withLock { $0.writeBuffer(&buffer) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
