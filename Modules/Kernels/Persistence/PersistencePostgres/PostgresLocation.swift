import Foundation
import Persistence

/// Where a PostgreSQL database is: parsed from `postgres://user:password@host:port/database?sslmode=…`.
///
/// The password is kept for connecting and never shown: ``description`` and ``masked`` print it as `***`, so the
/// location can go into messages and logs as it is.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` names it.
    public enum SSLMode: String, Sendable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, without checking its certificate.
        case prefer
        /// TLS or nothing; the certificate is not checked (libpq's `require`).
        case require
        /// TLS with the certificate checked against the system's trust roots and the host name.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to log in as.
    public var user: String
    /// The role's password, if the server asks for one.
    public var password: String?
    /// The database to open.
    public var database: String
    /// TLS, as `sslmode` asked.
    public var sslMode: SSLMode
    /// The PostgreSQL schema that holds Folio's tables (`?schema=`, default `public`): several Folios, or the
    /// tests, can share one database each in a schema of its own.
    public var schema: String

    /// Parses a `postgres://` or `postgresql://` URL.
    /// - Throws: ``PersistenceError/storage(_:)`` naming what is wrong, with the password masked.
    public init(parsing text: String) throws {
        let shown = Self.mask(text)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else {
            throw PersistenceError.storage("\(shown) is not a postgres:// URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PersistenceError.storage("\(shown) names no host")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
        var mode = SSLMode.prefer
        var schema = "public"
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                let value = item.value ?? ""
                switch value {
                case "disable", "allow": mode = .disable
                case "prefer": mode = .prefer
                case "require", "verify-ca": mode = .require
                case "verify-full": mode = .verifyFull
                default:
                    throw PersistenceError.storage(
                        "\(shown): sslmode \"\(value)\" is not one of disable, prefer, require, verify-full")
                }
            case "schema":
                guard let value = item.value, !value.isEmpty else {
                    throw PersistenceError.storage("\(shown): schema is empty")
                }
                schema = value
            default:
                continue
            }
        }
        sslMode = mode
        self.schema = schema
    }

    /// The URL with the password replaced by `***`.
    public var masked: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        if password != nil { components.password = "***" }
        components.host = host
        components.port = port
        components.path = "/" + database
        var items: [URLQueryItem] = []
        if sslMode != .prefer { items.append(URLQueryItem(name: "sslmode", value: sslMode.rawValue)) }
        if schema != "public" { items.append(URLQueryItem(name: "schema", value: schema)) }
        if !items.isEmpty { components.queryItems = items }
        return components.string ?? "postgres://\(host):\(port)/\(database)"
    }

    public var description: String { masked }

    /// `text` with the password of any URL in it replaced by `***`: for messages built from text a user gave.
    public static func mask(_ text: String) -> String {
        // user:password@ — the password runs from the first colon after "//" to the last "@" before the host.
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return text
        }
        return String(text[..<authority.index(after: colon)]) + "***" + String(text[at...])
    }
}
