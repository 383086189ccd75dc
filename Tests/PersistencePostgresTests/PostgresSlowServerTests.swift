import Foundation
import Persistence
import Testing

@testable import PersistencePostgres

/// A server that takes its time is not a server that is down: on a loaded machine a backend can take seconds to
/// start, and a probe that ran out of time once failed the transaction waiting for the pool and marked the server
/// down, which replaces a pool whose connections were alive.
@Suite struct PostgresSlowServerTests {
    @Test("a probe that gets no answer in its time finds the server slow, not down; a closed port is down at once")
    func aProbeThatRunsOutOfTimeIsNotAnOutage() async throws {
        let listener = try SilentListener()
        let database = try PostgresDatabase(
            location: try PostgresLocation(parsing: "postgres://folio@127.0.0.1:\(listener.port)/postgres"),
            leaseProbeTimeout: .milliseconds(100))
        let slow = await database.probeDown()
        #expect(slow == nil, "no answer in the probe's time is left to the grace: \(String(describing: slow))")
        let timedOut = await Result { try await database.reachability.probe() }
        guard case .failure(let error) = timedOut else {
            Issue.record("a listener that never answers let the probe in")
            await database.close()
            return
        }
        #expect(PostgresFailure.ranOutOfTime(error))
        let said = PostgresFailure.map(error, location: database.location) as? PersistenceError
        // When the grace's own check runs out of time too, the server is said out of reach, in these words.
        guard case .unavailable(let reason, .unreachable)? = said else {
            Issue.record("a timeout at the grace is the server out of reach: \(String(describing: said))")
            await database.close()
            return
        }
        #expect(reason.hasSuffix("no answer within 0.1 seconds (the server is busy, or out of reach)"), "\(reason)")

        listener.close()
        let down = await database.probeDown()
        guard case PersistenceError.unavailable(let reason, .unreachable)? = down as? PersistenceError else {
            Issue.record("a refused connection is an outage: \(String(describing: down))")
            await database.close()
            return
        }
        #expect(reason.contains("connection refused"), "\(reason)")
        await database.close()
    }
}

/// A loopback socket that listens and never accepts: the kernel completes the handshake, and the login sent
/// over it is never answered.
private final class SilentListener: Sendable {
    let port: Int
    private let socketDescriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            Foundation.close(descriptor)
            throw CocoaError(.fileWriteUnknown)
        }
        socketDescriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Foundation.close(socketDescriptor)
    }
}
