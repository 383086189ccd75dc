import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP server on 127.0.0.1 that misbehaves on purpose, for faults an HTTP framework will not
/// produce: a server that never answers, a body cut short, a connection dropped mid-request.
public final class FaultyServer: Sendable {
    /// How the server treats every connection.
    public enum Behaviour: Sendable {
        /// Reads the request and never answers (until the server stops).
        case stall
        /// Announces `declaredLength` bytes of body, sends `body` (shorter), then closes.
        case truncate(declaredLength: Int, body: Data)
        /// Reads the request, then closes the connection without a byte of answer.
        case drop
        /// Sends these exact bytes, then closes.
        case raw(Data)
    }

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let listener: Int32
    /// Whether `stop()` was called, and the stalled connections it must close.
    private let state = Mutex<(stopped: Bool, open: [Int32])>((false, []))
    private let acceptedCount = Mutex(0)

    /// Starts the server on an ephemeral port.
    public init(_ behaviour: Behaviour) throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw FaultyServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw FaultyServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = UInt16(bigEndian: address.sin_port)
        listener = fd
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        let thread = Thread { [self] in acceptLoop(behaviour) }
        thread.start()
    }

    /// How many connections the server has accepted.
    public var connectionsAccepted: Int { acceptedCount.withLock { $0 } }

    /// Stops accepting and closes every open connection.
    ///
    /// Only the accept thread closes the listening socket. If `stop()` closed it, a thread that had not
    /// reached `accept` yet could later accept on the same descriptor number after the next server reused
    /// it, and count that server's connections as its own.
    public func stop() {
        let connections = state.withLock { state -> [Int32] in
            state.stopped = true
            defer { state.open.removeAll() }
            return state.open
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in connections {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
    }

    private func acceptLoop(_ behaviour: Behaviour) {
        defer { close(listener) }
        while !state.withLock({ $0.stopped }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            guard !state.withLock({ $0.stopped }) else {
                close(connection)
                return
            }
            acceptedCount.withLock { $0 += 1 }
            readRequestHead(connection)
            switch behaviour {
            case .stall:
                let kept = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.open.append(connection)
                    return true
                }
                if !kept { close(connection) }
            case .truncate(let declared, let body):
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(declared)\r\n\r\n"
                write(connection, Data(head.utf8) + body)
                close(connection)
            case .drop:
                close(connection)
            case .raw(let bytes):
                write(connection, bytes)
                close(connection)
            }
        }
    }

    private func readRequestHead(_ connection: Int32) {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            if received.count >= 4, received.suffix(from: 0).windowsContain(terminator) { return }
        }
    }

    private func write(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}

/// Why the faulty server could not start.
public enum FaultyServerError: Error {
    /// A socket call failed with this errno.
    case socket(Int32)
}

extension ArraySlice where Element == UInt8 {
    fileprivate func windowsContain(_ pattern: [UInt8]) -> Bool {
        guard count >= pattern.count else { return false }
        var index = startIndex
        while index + pattern.count <= endIndex {
            if self[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
