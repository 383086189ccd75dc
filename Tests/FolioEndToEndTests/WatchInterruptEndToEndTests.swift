import FeatureKitTesting
import Foundation
import Synchronization
import Testing

/// Issue 40 item 5: `alerts watch` and `races watch` end on SIGINT or SIGTERM by themselves — the signal is
/// caught, the watch cancelled, and the process exits 0 — rather than being killed by it.
@Suite("watchers stop on SIGINT and SIGTERM", .serialized)
struct WatchInterruptEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func alertsWatchStops(signal: Int32) async throws {
        try await FolioBinary.withTemporaryHome { home in
            let stopped = try await Self.interrupt(
                ["alerts", "watch"], home: home, with: signal, once: "Watching alerts")
            #expect(stopped.reason == .exit, "\(stopped.stderr)")
            #expect(stopped.status == 0, "\(stopped.stderr)")
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func racesWatchStops(signal: Int32) async throws {
        try await withRaceScenario { _, _, _, environment in
            try await FolioBinary.withTemporaryHome { home in
                let stopped = try await Self.interrupt(
                    ["races", "watch", "--plain"], home: home, environment: environment, with: signal, once: "Race")
                #expect(stopped.reason == .exit, "\(stopped.stderr)")
                #expect(stopped.status == 0, "\(stopped.stderr)")
                #expect(stopped.stdout.contains("Race"), "\(stopped.stdout)")
            }
        }
    }

    /// Starts `folio arguments…`, sends `signal` once its output (stdout or stderr) contains `marker`, and
    /// waits for it to end.
    static func interrupt(
        _ arguments: [String], home: URL, environment: [String: String] = [:], with signal: Int32, once marker: String
    ) async throws -> (reason: Process.TerminationReason, status: Int32, stdout: String, stderr: String) {
        try await run(arguments, home: home, environment: environment, once: marker, repeating: true) {
            kill($0, signal)
        }
    }

    /// Starts `folio arguments…`, calls `action` with its process id once its output (stdout or stderr) contains
    /// `marker` — while it still runs — and waits for it to end.
    /// With `repeating`, `action` is taken again every 2 s while the process runs, at most five times, then the
    /// process is killed (SIGKILL, so the test fails on its termination reason instead of hanging): a signal sent
    /// to a busy process was seen to be lost now and then, as a user's Ctrl-C can be, and a user presses it again.
    static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:], once marker: String,
        repeating: Bool = false, then action: @escaping @Sendable (Int32) -> Void
    ) async throws -> (reason: Process.TerminationReason, status: Int32, stdout: String, stderr: String) {
        // The waits below block: on a thread of their own, not one of the few the loopback servers' tasks run on.
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try runBlocking(arguments, home, environment, marker, repeating, action) })
            }
            .start()
        }
    }

    private static func runBlocking(
        _ arguments: [String], _ home: URL, _ environment: [String: String], _ marker: String, _ repeating: Bool,
        _ action: @escaping @Sendable (Int32) -> Void
    ) throws -> (reason: Process.TerminationReason, status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = FolioBinary.url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOLIO_") }
        env["FOLIO_HOME"] = home.path
        env["FOLIO_MARKET"] = "simulated"
        env["NO_COLOR"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        // Each pipe read by a thread of its own with blocking reads (readability handlers were seen to miss the
        // marker under load); `ready` is signalled on the marker or when both pipes end, so a process that exits
        // without printing it fails the test instead of hanging it.
        let seen = Mutex((out: Data(), err: Data(), ended: 0))
        let ready = DispatchSemaphore(value: 0)
        let signalled = Atomic(false)
        let done = DispatchGroup()
        func read(_ pipe: Pipe, _ append: @escaping @Sendable (inout (out: Data, err: Data, ended: Int), Data) -> Void)
        {
            done.enter()
            Thread {
                defer { done.leave() }
                while true {
                    let data = pipe.fileHandleForReading.availableData
                    let (text, ended) = seen.withLock { seen -> (String, Bool) in
                        if data.isEmpty { seen.ended += 1 } else { append(&seen, data) }
                        return (String(decoding: seen.out + seen.err, as: UTF8.self), seen.ended == 2)
                    }
                    if text.contains(marker) || ended,
                        signalled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
                    {
                        ready.signal()
                    }
                    if data.isEmpty { return }
                }
            }.start()
        }
        read(stdout) { $0.out.append($1) }
        read(stderr) { $0.err.append($1) }
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        ready.wait()
        let printed = seen.withLock { String(decoding: $0.out + $0.err, as: UTF8.self).contains(marker) }
        if printed {
            action(process.processIdentifier)
            var taken = 1
            while repeating, exited.wait(timeout: .now() + 2) == .timedOut {
                guard taken < 5 else {
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                action(process.processIdentifier)
                taken += 1
            }
        }
        process.waitUntilExit()
        done.wait()
        let output = seen.withLock { ($0.out, $0.err) }
        guard printed else {
            throw WatchEndedEarly(marker: marker, stderr: String(decoding: output.1, as: UTF8.self))
        }
        return (
            process.terminationReason, process.terminationStatus, String(decoding: output.0, as: UTF8.self),
            String(decoding: output.1, as: UTF8.self)
        )
    }
}

/// The watched process ended without printing what the test waited for.
struct WatchEndedEarly: Error, CustomStringConvertible {
    let marker: String
    let stderr: String
    var description: String { "the process ended without printing \"\(marker)\": \(stderr)" }
}
