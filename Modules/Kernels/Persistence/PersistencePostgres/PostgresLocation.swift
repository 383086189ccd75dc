import Foundation
import Persistence

/// Where a PostgreSQL database is: parsed from `postgres://user:password@host:port/database?sslmode=…`.
///
/// The password is kept for connecting and never shown: ``description`` and ``masked`` print it as `***`, so the
/// location can go into messages and logs as it is. A URL that cannot be parsed is refused with a message that
/// quotes none of it before its last `@`, where a password could be.
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

    /// The URL options Folio understands; any other is refused rather than silently ignored, since an ignored
    /// misspelt `sslmode` would connect without the encryption it asked for.
    public static let knownOptions = ["sslmode", "schema", "pool_max_conns", "pool_wait"]

    /// The server's host name or address; an IPv6 address without the brackets the URL writes it in.
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
    /// Connections (and transactions at once) a process opens at most (`?pool_max_conns=`, 1–100), nil for the
    /// database's default (8).
    public var poolSize: Int?
    /// How long a transaction waits for a connection from the pool before the server is checked directly
    /// (`?pool_wait=` in whole seconds, or `500ms`), nil for the database's default (10 s).
    public var poolWait: Duration?

    /// Parses a `postgres://` or `postgresql://` URL.
    ///
    /// Everything up to the last `@` is the user and password (the password may hold `@`, `:`, `/`, `?` or `#`
    /// as they are; `%` starts an escape such as `%40`). After it come the host (an IPv6 address in brackets),
    /// the port, the database and the options.
    /// - Throws: ``PersistenceError/storage(_:)`` naming what is wrong, quoting nothing of the credentials.
    public init(parsing text: String) throws {
        guard let schemeEnd = text.range(of: "://"),
            ["postgres", "postgresql"].contains(text[..<schemeEnd.lowerBound].lowercased())
        else {
            throw PersistenceError.storage("the database URL does not start with postgres:// or postgresql://")
        }
        var rest = text[schemeEnd.upperBound...]
        var user = ""
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = try PercentDecoding.decode(credentials[..<colon], naming: "the user name")
                password = try PercentDecoding.decode(
                    credentials[credentials.index(after: colon)...], naming: "the password")
            } else {
                user = try PercentDecoding.decode(credentials, naming: "the user name")
            }
        }
        if rest.contains("#") {
            throw PersistenceError.storage(
                "the database URL has a fragment (#…) after the host, which means nothing here")
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        (host, port) = try Self.hostAndPort(rest[..<authorityEnd])
        var path = rest[authorityEnd...]
        var query: Substring = ""
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        }
        self.user = user.isEmpty ? "postgres" : user
        self.password = password
        let name = try PercentDecoding.decode(path.drop { $0 == "/" }, naming: "the database name")
        database = name.isEmpty ? self.user : name
        let options = try Self.options(query)
        (sslMode, schema, poolSize, poolWait) = (options.mode, options.schema, options.poolSize, options.poolWait)
    }

    /// `host[:port]` or `[v6address][:port]`; the port defaults to 5432.
    private static func hostAndPort(_ authority: Substring) throws -> (String, Int) {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw PersistenceError.storage("the database URL's IPv6 address has no closing ]")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw PersistenceError.storage("the database URL has text after its IPv6 address's ]")
            }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { throw PersistenceError.storage("the database URL names no host") }
        let name = try PercentDecoding.decode(host, naming: "the host")
        guard let portText else { return (name, 5432) }
        guard let port = Int(portText), (1...65_535).contains(port) else {
            throw PersistenceError.storage("the database URL's port \"\(portText)\" is not a number from 1 to 65535")
        }
        return (name, port)
    }

    /// The query's options; an unknown name (names are case-sensitive, as libpq's) or value is refused.
    private static func options(
        _ query: Substring
    ) throws -> (mode: SSLMode, schema: String, poolSize: Int?, poolWait: Duration?) {
        var mode = SSLMode.prefer
        var schema = "public"
        var poolSize: Int?
        var poolWait: Duration?
        for item in query.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try PercentDecoding.decode(parts[0], naming: "an option's name")
            let value = parts.count > 1 ? try PercentDecoding.decode(parts[1], naming: "option \(name)") : ""
            switch name {
            case "sslmode":
                switch value {
                case "disable", "allow": mode = .disable
                case "prefer": mode = .prefer
                case "require", "verify-ca": mode = .require
                case "verify-full": mode = .verifyFull
                default:
                    throw PersistenceError.storage(
                        "sslmode \"\(value)\" is not one of disable, prefer, require, verify-full")
                }
            case "schema":
                guard !value.isEmpty else { throw PersistenceError.storage("the database URL's schema is empty") }
                schema = value
            case "pool_max_conns":
                guard let size = Int(value), (1...100).contains(size) else {
                    throw PersistenceError.storage("pool_max_conns \"\(value)\" is not a whole number from 1 to 100")
                }
                poolSize = size
            case "pool_wait":
                guard let wait = parseWait(value) else {
                    throw PersistenceError.storage(
                        "pool_wait \"\(value)\" is not a duration from 100ms to 600s (such as 2s or 500ms)")
                }
                poolWait = wait
            default:
                throw PersistenceError.storage(
                    "the database URL's option \"\(name)\" is not one Folio knows (it knows "
                        + knownOptions.joined(separator: " and ") + "; names are case-sensitive)")
            }
        }
        return (mode, schema, poolSize, poolWait)
    }

    /// `2`, `2s` or `500ms`, from 100 ms to 600 s.
    private static func parseWait(_ text: String) -> Duration? {
        let wait: Duration
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) {
            wait = .milliseconds(value)
        } else if let value = Int(text.hasSuffix("s") ? String(text.dropLast()) : text) {
            wait = .seconds(value)
        } else {
            return nil
        }
        return (Duration.milliseconds(100)...Duration.seconds(600)).contains(wait) ? wait : nil
    }

    /// The host and port as a URL writes them: `db.home:5432`, `[::1]:5432`.
    public var endpoint: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The URL with the password replaced by `***`.
    public var masked: String {
        let credentials = PercentDecoding.encode(user) + (password == nil ? "" : ":***")
        var items: [String] = []
        if sslMode != .prefer { items.append("sslmode=\(sslMode.rawValue)") }
        if schema != "public" { items.append("schema=\(PercentDecoding.encode(schema))") }
        if let poolSize { items.append("pool_max_conns=\(poolSize)") }
        if let poolWait {
            items.append(
                "pool_wait=\(poolWait.components.seconds * 1000 + poolWait.components.attoseconds / 1_000_000_000_000_000)ms"
            )
        }
        let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
        return "postgres://\(credentials)@\(endpoint)/\(PercentDecoding.encode(database))\(query)"
    }

    /// The text a person reads.
    public var description: String { masked }

    /// `text` with everything between the user name and the last `@` replaced by `***`: for messages built
    /// from text a user gave, however the password in it is written.
    public static func mask(_ text: String) -> String {
        // The parser's own rule: the credentials run to the last "@", the user name to the first ":" in them.
        guard let schemeEnd = text.range(of: "://"),
            let at = text[schemeEnd.upperBound...].lastIndex(of: "@"),
            let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return String(text[...colon]) + "***" + String(text[at...])
    }
}
