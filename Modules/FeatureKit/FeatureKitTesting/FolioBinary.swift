import Foundation

/// Runs the built `folio` executable as a user would, for end-to-end tests.
public enum FolioBinary {
    /// What a run of `folio` produced.
    public struct Result: Sendable {
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// The exit code.
        public var exitCode: Int32
    }

    /// The `folio` binary: `$FOLIO_BINARY`, else the one beside the test bundle (`.build/<config>/folio`).
    public static var url: URL {
        if let explicit = ProcessInfo.processInfo.environment["FOLIO_BINARY"] {
            return URL(fileURLWithPath: explicit)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("folio")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/folio")
    }

    /// Runs `body` with a fresh, empty `FOLIO_HOME`, and removes it with all the runs wrote there (the SQLite
    /// files, exports) when `body` returns or throws.
    public static func withTemporaryHome<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (URL) async throws -> Value
    ) async throws -> Value {
        try await withTemporaryDirectory(prefix: "folio-e2e", isolation: isolation, body)
    }

    /// Runs `folio arguments…` with `FOLIO_HOME` set to `home`, extra environment variables, and `input` on
    /// standard input; `NO_COLOR` is set so output is plain.
    ///
    /// The child inherits the test process's environment except every `FOLIO_*` variable, so a developer's
    /// own settings (say `FOLIO_YAHOO_URL`) never leak into a test; pass anything the run needs in
    /// `environment`, which is applied last. `FOLIO_MARKET` is `simulated` unless `environment` says otherwise, so a
    /// test never prices from the internet. (`XDG_DATA_HOME` needs no clearing: `FOLIO_HOME` wins over it.)
    ///
    /// The process is started and waited for on threads of its own, never on Swift concurrency's small
    /// cooperative pool nor on Dispatch's shared pool (both are two threads wide on two cores), so an
    /// in-process loopback server keeps answering while the binary runs and several binaries can run at once.
    ///
    /// `launcher` runs the binary through another program, e.g. `["/usr/bin/setpriv", "--reuid=65534", …, "--"]`
    /// to run it as an unprivileged user.
    public static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:], input: String? = nil,
        launcher: [String] = []
    ) async throws -> Result {
        let env = childEnvironment(home: home, environment: environment)
        let executable = launcher.first.map(URL.init(fileURLWithPath:)) ?? url
        let fullArguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [url.path] + arguments
        return try await withCheckedThrowingContinuation { continuation in
            let runner = Thread {
                let process = Process()
                process.executableURL = executable
                process.arguments = fullArguments
                process.environment = env
                let stdout = Pipe()
                let stderr = Pipe()
                let stdin = Pipe()
                process.standardOutput = stdout
                process.standardError = stderr
                process.standardInput = stdin
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errorsRead = DispatchSemaphore(value: 0)
                let errorData = DataBox()
                let errorReader = Thread {
                    errorData.value = stderr.fileHandleForReading.readDataToEndOfFile()
                    errorsRead.signal()
                }
                errorReader.start()
                if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
                try? stdin.fileHandleForWriting.close()
                let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
                errorsRead.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: Result(
                        stdout: String(decoding: outputData, as: UTF8.self),
                        stderr: String(decoding: errorData.value, as: UTF8.self),
                        exitCode: process.terminationStatus))
            }
            runner.start()
        }
    }
}

extension FolioBinary {
    /// The environment for a child `folio`: `inherited` (this process's) without any `FOLIO_*`, plus
    /// `FOLIO_HOME`, `NO_COLOR` and `environment`.
    static func childEnvironment(
        home: URL, environment: [String: String],
        inherited: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        var env = inherited.filter { key, _ in !key.hasPrefix("FOLIO_") }
        env["FOLIO_HOME"] = home.path
        env["NO_COLOR"] = "1"
        env["FOLIO_MARKET"] = "simulated"
        for (key, value) in environment { env[key] = value }
        return env
    }
}

/// Carries a pipe's bytes from the Dispatch thread that read them; the group's wait orders the accesses.
private final class DataBox: @unchecked Sendable {
    var value = Data()
}
