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

    /// A fresh, empty `FOLIO_HOME` for one test.
    public static func temporaryHome() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("folio-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `folio arguments…` with `FOLIO_HOME` set to `home`, extra environment variables, and `input` on
    /// standard input; `NO_COLOR` is set so output is plain.
    ///
    /// The process is started and waited for on a Dispatch thread, never on Swift concurrency's small
    /// cooperative pool, so an in-process loopback server keeps answering while the binary runs and several
    /// binaries can run at once.
    public static func run(
        _ arguments: [String], home: URL, environment: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["FOLIO_HOME"] = home.path
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        let executable = url
        let finalEnvironment = env
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                process.environment = finalEnvironment
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
                let group = DispatchGroup()
                let errorData = DataBox()
                group.enter()
                DispatchQueue.global().async {
                    errorData.value = stderr.fileHandleForReading.readDataToEndOfFile()
                    group.leave()
                }
                if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
                try? stdin.fileHandleForWriting.close()
                let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: Result(
                        stdout: String(decoding: outputData, as: UTF8.self),
                        stderr: String(decoding: errorData.value, as: UTF8.self),
                        exitCode: process.terminationStatus))
            }
        }
    }
}

/// Carries a pipe's bytes from the Dispatch thread that read them; the group's wait orders the accesses.
private final class DataBox: @unchecked Sendable {
    var value = Data()
}
