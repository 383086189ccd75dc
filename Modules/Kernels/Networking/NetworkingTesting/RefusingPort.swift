import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port on 127.0.0.1 where every connection is refused, for as long as this value is alive.
///
/// Stopping a server and reusing its address is not enough: tests run in parallel, and another
/// test's server may be given the freed port before the connection is attempted. The socket here is
/// bound without `SO_REUSEADDR` and never listens, so the kernel answers every connection with a
/// reset and no other socket can take the port.
public final class RefusingPort: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let socketDescriptor: Int32

    /// Binds a loopback port that accepts no connection.
    public init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw FaultyServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw FaultyServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketDescriptor = fd
        baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
    }

    deinit { close(socketDescriptor) }
}
