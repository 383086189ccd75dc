import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `folio serve`'s fund page with the MF API and AMFI both on loopback servers that accept and never answer: the
/// page answers at its one deadline, AMFI not asked once the MF API has used it all.
@Suite struct MutualFundsPageDeadlineEndToEndTests {
    @Test(.timeLimit(.minutes(10)))
    func bothSilentOneDeadline() async throws {
        let mfapi = try FaultyServer(.stall)
        let amfi = try FaultyServer(.stall)
        defer {
            mfapi.stop()
            amfi.stop()
        }
        try await FolioBinary.withTemporaryHome { home in
            let server = try await Served.start(
                home: home,
                environment: [
                    "FOLIO_MFAPI_URL": mfapi.baseURL.absoluteString,
                    "FOLIO_AMFI_URL": amfi.baseURL.absoluteString + "/NAVAll.txt", "FOLIO_WEB_PAGE_DEADLINE": "1s",
                ])
            defer { server.stop() }
            var request = URLRequest(url: server.baseURL.appendingPathComponent("funds/122639"))
            // Only ends a failed test: the page answers after its 1 s deadline.
            request.timeoutInterval = 120
            let (data, response) = try await URLSession.shared.data(for: request)
            let body = String(decoding: data, as: UTF8.self)
            #expect((response as? HTTPURLResponse)?.statusCode == 503)
            #expect(body.contains("did not answer within 1s"), "the MF API had the whole deadline")
            #expect(body.contains("deadline passed before it was asked"), "AMFI got what was left: nothing")
            #expect(mfapi.connectionsAccepted == 1)
            #expect(amfi.connectionsAccepted == 0, "no second deadline for AMFI")
            #expect(!body.contains("127.0.0.1"), "no upstream address on the page")
        }
    }
}

/// `folio serve --port 0` on a home, stopped by the test; its address read from its first line. (Unchecked: its
/// fields are constants and `Process` is used from one test at a time.)
private final class Served: @unchecked Sendable {
    let process: Process
    let baseURL: URL

    private init(process: Process, baseURL: URL) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts the server and reads its address on a thread of its own (not the test run's few cooperative threads).
    static func start(home: URL, environment: [String: String]) async throws -> Served {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = FolioBinary.url
                process.arguments = ["serve", "--port", "0"]
                var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FOLIO_") }
                env["FOLIO_HOME"] = home.path
                env.merge(environment) { $1 }
                process.environment = env
                let stdout = Pipe()
                process.standardOutput = stdout
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                var line = Data()
                while let byte = try? stdout.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
                    byte != Data("\n".utf8)
                {
                    line.append(byte)
                }
                let text = String(decoding: line, as: UTF8.self)
                guard let address = text.split(separator: " ").last, let url = URL(string: String(address)) else {
                    process.terminate()
                    continuation.resume(
                        throwing: CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: text]))
                    return
                }
                continuation.resume(returning: Served(process: process, baseURL: url))
            }.start()
        }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
