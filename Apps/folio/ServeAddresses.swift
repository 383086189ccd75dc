import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses to print for `folio serve`: a wildcard bind (`0.0.0.0`, `::`) is not an address a browser can
/// open, so it is replaced by this machine's own addresses on its networks (loopback when it has none).
enum ServeAddresses {
    /// The hosts to show for a server bound to `host`, bracketed for IPv6.
    static func shown(for host: String, interfaces: [String] = machineAddresses()) -> [String] {
        let wildcard = host == "0.0.0.0" || host == "::" || host == "[::]"
        guard wildcard else { return [bracketed(host)] }
        let wanted = interfaces.filter { address in
            host == "0.0.0.0" ? !address.contains(":") : true
        }
        return wanted.isEmpty ? ["127.0.0.1"] : wanted.map(bracketed)
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// This machine's IPv4 and global IPv6 addresses on interfaces that are up, loopback and link-local left out.
    static func machineAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next?.pointee {
            next = entry.ifa_next
            guard let address = entry.ifa_addr, entry.ifa_flags & UInt32(IFF_UP) != 0,
                entry.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if host.lowercased().hasPrefix("fe80") { continue }
            if !addresses.contains(host) { addresses.append(host) }
        }
        return addresses
    }
}
