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
        // The developer's own FOLIO_* settings (a quotes service, a database) never reach the server under test.
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOLIO_") || $0.key == "FOLIO_BINARY" }
        env["FOLIO_HOME"] = home.path
        // Practice prices unless a test points the server at a market of its own: never the internet.
        env["FOLIO_MARKET"] = "simulated"
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

    /// Starts the server, waiting for its address on a thread of its own (not one of the test run's few
    /// cooperative threads).
    static func start(home: URL, environment: [String: String], arguments: [String] = []) async throws -> ServeProcess {
        try await offThePool { try ServeProcess(home: home, environment: environment, arguments: arguments) }
    }

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

    /// The DOM after the page's scripts ran for `budget` milliseconds of virtual time, waited for on a thread of
    /// its own: blocking one of the test run's few cooperative threads for a browser's seconds starved other tests.
    static func dumpDOM(_ url: URL, budget: Int) async throws -> String {
        try await offThePool { try BrowserTurn.take { try blockingDumpDOM(url, budget: budget) } }
    }

    private static func blockingDumpDOM(_ url: URL, budget: Int) throws -> String {
        // A profile of its own for each run: no cookie survives from an earlier run, and two browsers never
        // contend for one profile's lock (a second Chromium on a locked profile hands its URL to the first).
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)",
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

/// A browser's side of the form flow against a real server: it keeps its own cookies and never follows a
/// redirect, so each `Set-Cookie` and `Location` is seen as the server sent it, and every form post carries
/// the CSRF token read from the page's own form, as a browser would send it.
final class FormClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Page {
        var status: Int
        var location: String?
        var body: String
    }

    let baseURL: URL
    private let lock = NSLock()
    private var jar: [String: String] = [:]
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    /// A browser of `baseURL` already holding `cookies` (another browser's, to send what it sent).
    init(baseURL: URL, cookies: [String: String?] = [:]) {
        self.baseURL = baseURL
        jar = cookies.compactMapValues { $0 }
    }

    /// A cookie the server set.
    func cookie(_ name: String) -> String? { lock.withLock { jar[name] } }

    func get(_ path: String) async throws -> Page {
        try await send(URLRequest(url: URL(string: path, relativeTo: baseURL)!))
    }

    /// Posts `fields` with the `_csrf` token taken from `form` (the page the form is on).
    func post(_ path: String, fields: [(String, String)], from form: Page) async throws -> Page {
        guard let token = Self.csrfToken(in: form.body) else { throw FormError.noCSRFToken(path) }
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(Self.encode(fields + [("_csrf", token)]).utf8)
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Page {
        var request = request
        let cookies = lock.withLock {
            jar.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if !cookies.isEmpty { request.setValue(cookies, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        for (name, value) in http?.allHeaderFields ?? [:] {
            guard let name = name as? String, name.lowercased() == "set-cookie", let value = value as? String else {
                continue
            }
            // Foundation joins repeated headers with ", "; cookie values here never contain a comma.
            for cookie in value.components(separatedBy: ", ") { remember(cookie) }
        }
        return Page(
            status: http?.statusCode ?? 0, location: http?.value(forHTTPHeaderField: "Location"),
            body: String(decoding: data, as: UTF8.self))
    }

    private func remember(_ setCookie: String) {
        let pair = setCookie.prefix { $0 != ";" }
        guard let equals = pair.firstIndex(of: "=") else { return }
        let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
        let value = String(pair[pair.index(after: equals)...])
        let expired = setCookie.contains("Max-Age=0")
        lock.withLock { jar[name] = expired ? nil : value }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// The value of the first `_csrf` hidden field in a page.
    static func csrfToken(in html: String) -> String? {
        guard let field = html.range(of: "name=\"_csrf\" value=\"") else { return nil }
        return String(html[field.upperBound...].prefix { $0 != "\"" })
    }

    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
    }

    enum FormError: Error { case noCSRFToken(String) }
}

/// Runs blocking work (a child process, a pipe read) on a thread of its own and awaits its result.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// The text read from `handle` until `marker` appears or the stream ends, read on a thread of its own: a pipe read
/// on the cooperative pool would hold one of its few threads while the child it waits for may need a loopback
/// server of this process, which answers on that pool.
func read(_ handle: FileHandle, until marker: String) async throws -> String {
    try await offThePool {
        var received = Data()
        while String(decoding: received, as: UTF8.self).range(of: marker) == nil {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        return String(decoding: received, as: UTF8.self)
    }
}
