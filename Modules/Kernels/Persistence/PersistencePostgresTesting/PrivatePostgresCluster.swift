import Foundation

/// A PostgreSQL cluster of a test's own, started the way `Tooling/test` starts its cluster (`initdb` in a temporary
/// directory, trust auth, a free loopback port), that the test may stop and start again: the shared
/// `FOLIO_TEST_DATABASE_URL` server must never go down under other tests. Given a password, the cluster
/// checks it (SCRAM), as a rented server does, where the shared trusting one accepts any.
///
/// The server refuses to run as root, so as root it runs as `folio-ci` (the user `Tooling/test` creates) or else
/// `nobody`, through `runuser`.
public final class PrivatePostgresCluster: Sendable {
    /// The URL of its `postgres` database.
    public let url: String
    private let directory: URL
    private let binaries: URL
    private let runAs: [String]
    private let listenAddresses: String

    /// Debian's server binaries (the newest installed), nil when PostgreSQL is not installed.
    public static var binaries: URL? {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.reversed()
            .map { root.appendingPathComponent($0).appendingPathComponent("bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    /// Why a test that needs one is skipped.
    public static let skipReason =
        "no PostgreSQL server binaries under /usr/lib/postgresql: tests that stop and restart a server skipped "
        + "(Tooling/test installs them)"

    /// Creates and starts a cluster; with `password`, user `folio` must log in with it. With `ipv6`, it listens
    /// on `::1` as well as on 127.0.0.1 (the URL names 127.0.0.1 either way).
    public static func start(password: String? = nil, ipv6: Bool = false) async throws -> PrivatePostgresCluster {
        guard let binaries else { throw ClusterError.failed("PostgreSQL is not installed") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-test-pg-" + UUID().uuidString.prefix(8).lowercased())
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        // Who runs the server: root may not.
        let owner: String? = getuid() == 0 ? (getpwnam("folio-ci") != nil ? "folio-ci" : "nobody") : nil
        if let owner {
            try FileManager.default.setAttributes([.ownerAccountName: owner], ofItemAtPath: directory.path)
        }
        let runAs = owner.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []
        let credentials = password.map { "folio:\($0)" } ?? "folio"
        let cluster = PrivatePostgresCluster(
            url: "postgres://\(credentials)@127.0.0.1:\(try freePort())/postgres", directory: directory,
            binaries: binaries, runAs: runAs, listenAddresses: ipv6 ? "127.0.0.1,::1" : "127.0.0.1")
        do {
            var authentication = ["--auth=trust"]
            if let password {
                let passwordFile = directory.appendingPathComponent("password")
                try Data(password.utf8).write(to: passwordFile)
                if let owner {
                    try FileManager.default.setAttributes([.ownerAccountName: owner], ofItemAtPath: passwordFile.path)
                }
                authentication = ["--auth=scram-sha-256", "--pwfile=\(passwordFile.path)"]
            }
            // --no-sync: a throwaway cluster need not survive a crash, and flushing its files is most of initdb's time.
            try await cluster.run(
                "initdb",
                ["-D", cluster.data, "-U", "folio", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"] + authentication)
            try await cluster.startServer()
        } catch {
            await cluster.destroy()
            throw error
        }
        return cluster
    }

    private init(url: String, directory: URL, binaries: URL, runAs: [String], listenAddresses: String) {
        self.url = url
        self.listenAddresses = listenAddresses
        self.directory = directory
        self.binaries = binaries
        self.runAs = runAs
    }

    private var data: String { directory.appendingPathComponent("data").path }
    /// The port the server listens on.
    public var port: String { String(url.split(separator: ":").last!.split(separator: "/").first!) }

    /// Stops the server (fast shutdown: connections are cut) and waits until it is down.
    public func stopServer() async throws {
        try await run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
    }

    /// Starts the server and waits until it accepts connections.
    public func startServer() async throws {
        try await run(
            "pg_ctl",
            [
                "-D", data, "-l", directory.appendingPathComponent("server.log").path, "-w", "-o",
                "-c listen_addresses=\(listenAddresses) -p \(port) -k \(directory.path) -c fsync=off", "start",
            ])
    }

    /// Stops the server, whatever it is doing, and removes the cluster.
    public func destroy() async {
        try? await run("pg_ctl", ["-D", data, "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `sql` with the server's own client (`psql`, unaligned, tuples only) and returns what it printed: how a
    /// test sets up what Folio offers no way to (a trigger that stalls a statement) or looks at the server's
    /// sessions (`pg_stat_activity`).
    public func sql(_ sql: String) async throws -> String {
        let output = directory.appendingPathComponent("psql-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        try await run(
            "psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql], output: output.path)
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// Runs a server binary to its end on a thread of its own, never on Swift concurrency's pool. It is
    /// spawned and waited for directly: Foundation's `Process` did not notice `runuser` ending once `pg_ctl`
    /// had left the server running in the background.
    private func run(_ tool: String, _ arguments: [String], output: String? = nil) async throws {
        // Started in the cluster's own directory: run as another user, a tool cannot enter a private working
        // directory (a clone made by `mktemp -d`), and psql's complaint would join its answer in `output`.
        let command =
            runAs + ["/usr/bin/env", "--chdir=\(directory.path)", binaries.appendingPathComponent(tool).path]
            + arguments
        let log = output ?? directory.appendingPathComponent("\(tool).out").path
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                let status = Self.spawnAndWait(command, output: log)
                guard status == 0 else {
                    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                    continuation.resume(throwing: ClusterError.failed("\(tool) exited \(status): \(text)"))
                    return
                }
                continuation.resume()
            }.start()
        }
    }

    /// Runs `command` with standard output and error sent to `output`; returns its exit status (-1 when it
    /// could not be started).
    private static func spawnAndWait(_ command: [String], output: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        closeInheritedDescriptors(&actions)
        let arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, command[0], &actions, nil, arguments, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// Has the child close every descriptor above standard error. The server `pg_ctl` leaves running would
    /// otherwise hold, for as long as it runs, every descriptor the test process had open at that moment, among
    /// them the socket through which Foundation's `Process` notices that another child (a `folio serve` of
    /// another test) has exited: that child's `waitUntilExit()` then waits for this server, and a run whose
    /// cooperative threads all wait so never gets to stop the server. The open descriptors are listed from
    /// /proc/self/fd; one closed by another thread before the spawn is no error (glibc fails a close action only
    /// for a descriptor out of range).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// A free loopback port below the kernel's ephemeral range (32768 and up on Linux): a port from that range can be
    /// taken by a client's own connection (the server's reconnect attempts) while the cluster is stopped for a
    /// restart, and PostgreSQL then cannot bind it again.
    private static func freePort() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: 20_000..<32_000)
            let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    bind(socket, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if bound { return port }
        }
        throw ClusterError.failed("could not find a free loopback port below 32000")
    }

    /// Why the cluster could not be set up.
    public enum ClusterError: Error, CustomStringConvertible {
        case failed(String)

        /// The text a person reads.
        public var description: String {
            switch self {
            case .failed(let reason): "private PostgreSQL cluster: \(reason)"
            }
        }
    }
}
