import FeatureKitTesting
import Foundation

/// Runs the built `folio` as a child process, reading its output on dedicated threads.
///
/// `FolioBinary.run` reads the pipes with blocking calls inside two detached tasks, which occupy the
/// cooperative thread pool; on a two-core machine that leaves no thread for a `LoopbackServer` running in
/// the test process, and the child's request times out. Plain threads avoid that.
enum ChildFolio {
    struct Result: Sendable {
        var stdout: String
        var stderr: String
        var exitCode: Int32
    }

    static func run(_ arguments: [String], home: URL, environment: [String: String] = [:]) async throws -> Result {
        let process = Process()
        process.executableURL = FolioBinary.url
        process.arguments = arguments
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
        try process.run()
        let box = ProcessBox(process)
        return await withCheckedContinuation { continuation in
            let errors = OutputCollector(stderr.fileHandleForReading)
            let thread = Thread {
                let output = stdout.fileHandleForReading.readDataToEndOfFile()
                let errorData = errors.wait()
                box.process.waitUntilExit()
                continuation.resume(returning: Result(
                    stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self),
                    exitCode: box.process.terminationStatus))
            }
            thread.start()
        }
    }
}

/// `Process` is not marked Sendable; it is only touched from one thread after launch.
private final class ProcessBox: @unchecked Sendable {
    let process: Process
    init(_ process: Process) { self.process = process }
}

/// Reads a pipe to its end on its own thread.
private final class OutputCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
