import FeatureKitTesting
import Foundation
import Synchronization

/// Runs the built `folio` without blocking Swift's cooperative thread pool.
///
/// `FolioBinary.run` waits for the child and reads its pipes with blocking calls on pool threads; on a
/// 2-core machine that starves the in-process loopback server the child is talking to, and the child's
/// requests time out. Here the pipes are drained on dedicated threads and the exit is awaited through the
/// termination handler, so the server keeps serving.
enum FolioProcess {
    struct Result: Sendable {
        var stdout: String
        var stderr: String
        var exitCode: Int32
    }

    /// Runs `folio arguments`, through `launcher` (a command and its arguments, such as setpriv's) when given.
    static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:], launcher: [String] = []
    )
        async throws -> Result
    {
        let process = Process()
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = Array(launcher.dropFirst()) + [FolioBinary.url.path] + arguments
        } else {
            process.executableURL = FolioBinary.url
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["FOLIO_HOME"] = home.path
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let collected = Collected()
        return try await withCheckedThrowingContinuation { continuation in
            let pending = Mutex(3)
            let finish: @Sendable () -> Void = {
                let done = pending.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                if done {
                    continuation.resume(
                        returning: Result(
                            stdout: String(decoding: collected.out, as: UTF8.self),
                            stderr: String(decoding: collected.err, as: UTF8.self),
                            exitCode: process.terminationStatus))
                }
            }
            process.terminationHandler = { _ in finish() }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            Thread {
                collected.setOut(stdout.fileHandleForReading.readDataToEndOfFile())
                finish()
            }.start()
            Thread {
                collected.setErr(stderr.fileHandleForReading.readDataToEndOfFile())
                finish()
            }.start()
        }
    }

    private final class Collected: Sendable {
        private let state = Mutex((Data(), Data()))
        var out: Data { state.withLock { $0.0 } }
        var err: Data { state.withLock { $0.1 } }
        func setOut(_ data: Data) { state.withLock { $0.0 = data } }
        func setErr(_ data: Data) { state.withLock { $0.1 = data } }
    }
}
