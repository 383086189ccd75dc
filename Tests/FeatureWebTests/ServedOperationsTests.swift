import FeatureKitTesting
import Foundation
import PersistencePostgresTesting
import Testing
import TimingTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The served binary on a PostgreSQL cluster of the test's own, stopped and started by the test: health, the
/// outage's answers, recovery, the log's two warnings, metrics, and a form opened before a restart.
@Suite(
    "folio serve operations on a real PostgreSQL",
    .enabled(if: PrivatePostgresCluster.binaries != nil, Comment(rawValue: PrivatePostgresCluster.skipReason)))
struct ServedOperationsTests {
    @Test("healthz flips with the database, every route answers 503 with Retry-After, one warning each way")
    func outageAndRecovery() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-ops-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            // A form opened on one server process is still accepted by the next (the CSRF secret is stored).
            let first = try await ServedFolio.start(home: home, database: cluster.url)
            let (_, alertsPage, cookie) = try await first.request("/alerts")
            let token = try #require(ServedFolio.csrfToken(in: alertsPage))
            let seed = try #require(cookie)
            #expect(first.stop() == 0)
            let server = try await ServedFolio.start(home: home, database: cluster.url)
            let (posted, _, _) = try await server.request(
                "/alerts/add", method: "POST", body: "_csrf=\(token)&kind=nonsense", cookie: seed)
            #expect(posted != 403, "the token of a page served before the restart is accepted")

            let (healthy, healthBody, _) = try await server.request("/healthz")
            #expect(healthy == 200 && healthBody.filter { $0 != " " }.contains("\"up\":true"))

            try await cluster.stopServer()
            let (down, downBody, _) = try await server.request("/healthz")
            #expect(down == 503 && downBody.filter { $0 != " " }.contains("\"up\":false"))
            for path in ["/", "/stocks", "/api/stocks/portfolio", "/funds/122639", "/api/funds/122639", "/networth"] {
                let (status, _, _, retryAfter) = try await server.requestWithRetryAfter(path)
                #expect(status == 503, "\(path)")
                #expect(retryAfter != nil, "\(path)")
            }
            let (formStatus, formBody, _) = try await server.request(
                "/alerts/add", method: "POST", body: "_csrf=\(token)&kind=race&category=horse", cookie: seed)
            #expect(formStatus == 503)
            #expect(formBody.contains("value=\"horse\""), "what was typed comes back")

            try await cluster.startServer()
            let back = await yieldUntil(limit: .seconds(60)) {
                (try? await server.request("/healthz").0) == 200
            }
            #expect(back)
            #expect(try await server.request("/stocks").0 == 200)

            let (metricsStatus, metrics, _) = try await server.request("/metrics")
            #expect(metricsStatus == 200)
            #expect(metrics.contains("folio_http_requests_total{"))
            #expect(metrics.contains("folio_store_up 1"))
            #expect(server.stop() == 0)
            let log = server.stderr()
            #expect(log.components(separatedBy: "the database is down").count - 1 == 1, "\(log)")
            #expect(log.components(separatedBy: "the database answers again").count - 1 == 1, "\(log)")
            #expect(!log.contains(token) && !log.contains(seed))
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}

extension ServedOperationsTests {
    @Test("SIGTERM with writers in flight: every post answered 303 is stored once, none answered with an error is")
    func drainOnSigterm() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("folio-drain-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let server = try await ServedFolio.start(home: home, database: cluster.url)
            let (_, page, cookie) = try await server.request("/alerts")
            let token = try #require(ServedFolio.csrfToken(in: page))
            let seed = try #require(cookie)
            let targets = (1...40).map { 7_000_000 + $0 }
            let answered = AnswerCount()
            let answers = await withTaskGroup(of: (Int, Int?).self) { group in
                for target in targets {
                    group.addTask {
                        let status = try? await server.request(
                            "/alerts/add", method: "POST", body: "_csrf=\(token)&kind=networth&above=\(target)",
                            cookie: seed
                        ).0
                        await answered.add()
                        return (target, status)
                    }
                }
                // The signal goes out once a few posts were answered, while the others are in flight.
                group.addTask {
                    _ = await yieldUntil(limit: .seconds(60)) { await answered.value >= 3 }
                    _ = server.terminate()
                    return (0, nil)
                }
                var answers: [Int: Int?] = [:]
                for await (target, status) in group where target != 0 { answers[target] = status }
                return answers
            }
            #expect(server.waitForExit() == 0)
            let reader = try await ServedFolio.start(home: home, database: cluster.url)
            let (_, listing, _) = try await reader.request("/api/alerts")
            #expect(reader.stop() == 0)
            let stored = listing.replacingOccurrences(of: ",", with: "")
            for (target, status) in answers {
                let copies = stored.components(separatedBy: String(target)).count - 1
                switch status {
                // URLSession on Linux follows the 303 whatever its delegate says: the page it leads to is a 200.
                case let code? where (200..<400).contains(code): #expect(copies == 1, "\(target) was answered \(code)")
                case let code? where code >= 400: #expect(copies == 0, "\(target) was answered \(code)")
                default: #expect(copies <= 1, "\(target) got no answer")
                }
            }
            #expect(
                answers.values.contains { ($0 ?? 0) >= 200 && ($0 ?? 0) < 400 },
                "\(answers.values.map { $0.map(String.init) ?? "none" })")
        } catch {
            await cluster.destroy()
            throw error
        }
        await cluster.destroy()
    }
}

/// How many posts have been answered so far.
actor AnswerCount {
    var value = 0
    func add() { value += 1 }
}

/// `folio serve --port 0` on a database, its stderr kept in a file the test reads after it stopped.
final class ServedFolio: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    let errorFile: URL

    private init(home: URL, database: String?) throws {
        process.executableURL = FolioBinary.url
        process.arguments = ["serve", "--port", "0"]
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOLIO_") }
        // Every upstream is a closed loopback port: nothing leaves the machine.
        for key in ["FOLIO_MFAPI_URL", "FOLIO_NEDS_URL", "FOLIO_YAHOO_URL"] { environment[key] = "http://127.0.0.1:9" }
        environment["FOLIO_AMFI_URL"] = "http://127.0.0.1:9/NAVAll.txt"
        environment["FOLIO_HOME"] = home.path
        if let database { environment["FOLIO_DATABASE_URL"] = database }
        environment["FOLIO_WEB_ACCESS_LOG"] = "true"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        errorFile = home.appendingPathComponent("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        var line = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").last, let url = URL(string: String(address)) else {
            process.terminate()
            throw Failed(reason: "no address: \(text)")
        }
        baseURL = url
    }

    struct Failed: Error { let reason: String }

    /// Starts the server on PostgreSQL at `database`, or on SQLite in `home` when it is nil.
    static func start(home: URL, database: String?) async throws -> ServedFolio {
        try await offThePool { try ServedFolio(home: home, database: database) }
    }

    /// A request without redirects followed or cookies stored: status, body, and the CSRF seed cookie it set.
    func request(
        _ path: String, method: String = "GET", body: String? = nil, cookie: String? = nil
    ) async throws -> (Int, String, String?) {
        let (status, text, seed, _) = try await requestWithRetryAfter(path, method: method, body: body, cookie: cookie)
        return (status, text, seed)
    }

    func requestWithRetryAfter(
        _ path: String, method: String = "GET", body: String? = nil, cookie: String? = nil
    ) async throws -> (Int, String, String?, String?) {
        let (status, text, seed, retryAfter, _) = try await exchange(path, method: method, body: body, cookie: cookie)
        return (status, text, seed, retryAfter)
    }

    /// A request as ``request(_:method:body:cookie:)`` sends it: status, body, the CSRF seed it set, its
    /// `Retry-After` and its `Location`.
    func exchange(
        _ path: String, method: String = "GET", body: String? = nil, cookie: String? = nil
    ) async throws -> (Int, String, String?, String?, String?) {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let cookie { request.setValue("folio_csrf=\(cookie)", forHTTPHeaderField: "Cookie") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        let seed = (http?.value(forHTTPHeaderField: "Set-Cookie") ?? "").components(separatedBy: ",")
            .compactMap { part -> String? in
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("folio_csrf=") else { return nil }
                return String(trimmed.dropFirst("folio_csrf=".count).prefix { $0 != ";" })
            }.first
        return (
            http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), seed,
            http?.value(forHTTPHeaderField: "Retry-After"), http?.value(forHTTPHeaderField: "Location")
        )
    }

    /// Sends SIGTERM without waiting.
    func terminate() -> Bool {
        process.terminate()
        return true
    }

    /// The exit status once it has stopped.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stderr() -> String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    static func csrfToken(in page: String) -> String? { hiddenField("_csrf", in: page) }

    /// The value of the first hidden field `name` in a page.
    static func hiddenField(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}

final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest
    ) async -> URLRequest? { nil }
}
