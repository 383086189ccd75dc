import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// This server process as a form's claim names it: a random token, and the machine and process id, so that a
/// server restarted on the same machine sees at once that an earlier run's claim has no one behind it.
struct ServerProcess: Sendable {
    /// Random per process: tells this run from an earlier one that had the same process id.
    let token: String
    /// The machine's host name.
    let host: String
    /// The process id.
    let pid: Int32
    /// Whether process `pid` of this machine is running.
    let isRunning: @Sendable (Int32) -> Bool

    init(
        token: String = Secrets.randomToken(), host: String = ServerProcess.hostName(),
        pid: Int32 = ProcessInfo.processInfo.processIdentifier,
        isRunning: @escaping @Sendable (Int32) -> Bool = ServerProcess.running
    ) {
        self.token = token
        self.host = host
        self.pid = pid
        self.isRunning = isRunning
    }

    /// Whether the server that made `record`'s claim is known to have stopped: a process of this machine that no
    /// longer runs (or whose id is now this process's), or a claim older than `abandonedAfter`. A server of
    /// another machine is never known to have stopped before that: the caller waits for it.
    func seesGone(_ record: FormReplays.Record, now: Date, abandonedAfter: TimeInterval) -> Bool {
        if let claimedAt = record.claimedAt, now.timeIntervalSince(claimedAt) > abandonedAfter { return true }
        guard record.host == host, let other = record.pid else { return false }
        return other == pid || !isRunning(other)
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `kill(pid, 0)`: no signal is sent; ESRCH means no such process (EPERM: one of another user, running).
    static func running(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
