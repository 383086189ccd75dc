import FeatureKitTesting
import Foundation
import Synchronization

/// A Python script driving the system's Chromium through Playwright, for what `--dump-dom` cannot do: real key
/// presses and clicks, a browser with JavaScript turned off. The script prints one JSON object, its findings.
enum PlaywrightScript {
    /// Whether `python3` can import Playwright and Chromium is installed.
    static let isAvailable: Bool = {
        guard Chromium.isInstalled, let python = python3 else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import playwright.sync_api"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The first `python3` on `PATH` (where pip installed Playwright for it).
    private static var python3: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What a script that printed no findings said on stderr.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `script` with `arguments` (then the Chromium path) and decodes what it prints; stops it after two minutes.
    /// - Throws: ``Failure`` with the script's stderr when it printed no findings.
    static func run(_ script: String, arguments: [String]) async throws -> [String: JSONFinding] {
        let (output, errors) = try await offThePool { () throws -> (Data, Data) in
            try BrowserTurn.take {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: python3!)
                process.arguments = ["-c", script] + arguments + [Chromium.path!]
                let pipe = Pipe()
                let errorPipe = Pipe()
                process.standardOutput = pipe
                process.standardError = errorPipe
                try process.run()
                DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
                    if process.isRunning { process.terminate() }
                }
                // Standard error is read on its own thread, so a chatty script never blocks on a full pipe.
                let errors = Mutex(Data())
                let read = DispatchSemaphore(value: 0)
                Thread {
                    errors.withLock { $0 = errorPipe.fileHandleForReading.readDataToEndOfFile() }
                    read.signal()
                }.start()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                read.wait()
                return (data, errors.withLock { $0 })
            }
        }
        guard let findings = try? JSONDecoder().decode([String: JSONFinding].self, from: output) else {
            throw Failure(
                description: "the script printed no findings: " + String(decoding: errors.suffix(2000), as: UTF8.self))
        }
        return findings
    }
}

/// A finding of a script: a flag, a text or a list of texts.
enum JSONFinding: Decodable, Equatable {
    case flag(Bool)
    case text(String)
    case texts([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .texts(try container.decode([String].self))
        }
    }
}
