import FeatureKitTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `folio serve` binary running on a free loopback port, for end-to-end tests.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    let firstLine: String

    /// Starts `folio serve --port 0 …` and waits for its first stdout line.
    init(home: URL, environment: [String: String], arguments: [String] = []) throws {
        process.executableURL = FolioBinary.url
        process.arguments = ["serve", "--port", "0"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["FOLIO_HOME"] = home.path
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        firstLine = String(decoding: line, as: UTF8.self)
        guard let address = firstLine.split(separator: " ").last, let url = URL(string: String(address)) else {
            process.terminate()
            throw ServeError.noAddress(firstLine)
        }
        baseURL = url
    }

    enum ServeError: Error { case noAddress(String) }

    /// GET a path: status and body.
    func get(_ path: String, headers: [String: String] = [:]) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// SIGTERM, then the exit status once it has stopped.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Headless Chromium from the system's packages, when installed.
enum Chromium {
    static var path: String? {
        for name in ["chromium", "chromium-browser"] {
            for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static var isInstalled: Bool { path != nil }

    /// The DOM after the page's scripts ran for `budget` milliseconds of virtual time.
    static func dumpDOM(_ url: URL, budget: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--virtual-time-budget=\(budget)", "--dump-dom", url.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Bounded: a browser that hangs is stopped after a minute and the test fails on the empty DOM.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
