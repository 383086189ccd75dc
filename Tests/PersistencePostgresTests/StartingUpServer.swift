import Foundation
import Synchronization

/// A loopback server that answers the first `refusals` logins as a PostgreSQL server still recovering does
/// (FATAL, SQLSTATE 57P03 "the database system is starting up") and then relays every later connection to the
/// real server at `upstreamPort`: the moment a restarted server starts taking connections, made deterministic.
/// With `relays`, only that many are relayed and every later one is refused again.
final class StartingUpServer: Sendable {
    let port: Int
    private let listener: Int32
    private let upstreamPort: Int
    private let refusals: Int
    private let relays: Int
    private let state = Mutex(State())

    private struct State {
        var accepted = 0
        var closed = false
    }

    /// How many connections arrived, refused or relayed.
    var connections: Int { state.withLock { $0.accepted } }

    init(refusals: Int, upstreamPort: Int, relays: Int = .max) throws {
        self.refusals = refusals
        self.relays = relays
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard bound, listen(listener, 16) == 0 else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let server = self
        Thread { server.acceptLoop() }.start()
    }

    /// Stops accepting; connections being relayed end when either side closes.
    func stop() {
        state.withLock { $0.closed = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let number = state.withLock { state -> Int? in
                guard !state.closed else { return nil }
                state.accepted += 1
                return state.accepted
            }
            guard let number else {
                close(client)
                return
            }
            if number <= refusals || number - refusals > relays {
                Thread { Self.refuseAsStartingUp(client) }.start()
            } else {
                let upstreamPort = upstreamPort
                Thread { Self.relay(client, toPort: upstreamPort) }.start()
            }
        }
    }

    /// Reads the startup packet (answering an SSL request with "no"), then sends the server's FATAL answer.
    private static func refuseAsStartingUp(_ client: Int32) {
        defer { close(client) }
        while let packet = readPacket(client) {
            // SSLRequest and GSSENCRequest carry a request code where the startup packet has its version.
            if packet == [0x04, 0xD2, 0x16, 0x2F] || packet == [0x04, 0xD2, 0x16, 0x30] {
                _ = send(client, "N", 1, 0)
                continue
            }
            break
        }
        var fields: [UInt8] = []
        for (code, value) in [
            ("S", "FATAL"), ("V", "FATAL"), ("C", "57P03"), ("M", "the database system is starting up"),
        ] {
            fields += Array(code.utf8) + Array(value.utf8) + [0]
        }
        fields.append(0)
        let length = UInt32(fields.count + 4)
        let message: [UInt8] = Array("E".utf8) + withUnsafeBytes(of: length.bigEndian, Array.init) + fields
        _ = message.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// One length-prefixed packet's body, nil when the client went away.
    private static func readPacket(_ client: Int32) -> [UInt8]? {
        guard let header = readExactly(client, 4) else { return nil }
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length >= 4, length < 10_000 else { return nil }
        return readExactly(client, length - 4)
    }

    private static func readExactly(_ descriptor: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + filled, count - filled, 0) }
            guard read > 0 else { return nil }
            filled += read
        }
        return bytes
    }

    /// Copies bytes both ways between the client and the real server until either closes.
    private static func relay(_ client: Int32, toPort upstreamPort: Int) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: upstreamPort)
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(upstream)
            close(client)
            return
        }
        let done = DispatchGroup()
        for (from, to) in [(client, upstream), (upstream, client)] {
            done.enter()
            Thread {
                pump(from: from, to: to)
                shutdown(to, Int32(SHUT_WR))
                done.leave()
            }.start()
        }
        done.wait()
        close(upstream)
        close(client)
    }

    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { return }
            var sent = 0
            while sent < read {
                let written = buffer.withUnsafeBytes {
                    send(destination, $0.baseAddress! + sent, read - sent, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { return }
                sent += written
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
