import FeatureKitTesting
import Foundation

/// Runs the built `folio` like `FolioBinary.run`, but does its blocking work (pipe reads, waiting for
/// exit) on threads of its own. `FolioBinary.run` blocks Swift concurrency's cooperative threads, which on
/// a two-core machine starves an in-process `LoopbackServer` (the binary's requests then time out) and
/// lets at most two "concurrent" processes run at once.
enum FolioProcess {
    struct Result: Sendable {
        var stdout: String
        var stderr: String
        var exitCode: Int32
    }

    static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try runBlocking(arguments, home: home, environment: environment, input: input) })
            }
            thread.start()
        }
    }

    private static func runBlocking(
        _ arguments: [String], home: URL, environment: [String: String], input: String?
    ) throws -> Result {
        let process = Process()
        process.executableURL = FolioBinary.url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["FOLIO_HOME"] = home.path
        env["NO_COLOR"] = "1"
        // A developer's own settings must not leak into the tests.
        for key in ["FOLIO_QUOTES_URL", "FOLIO_QUOTES_TTL", "FOLIO_STOCKS_SEED", "XDG_DATA_HOME"] { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let errors = ErrorCollector()
        let reader = Thread { errors.data = stderr.fileHandleForReading.readDataToEndOfFile(); errors.done.signal() }
        reader.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self),
            exitCode: process.terminationStatus)
    }

    private final class ErrorCollector: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }
}
