import FeatureKitTesting
import Foundation
import Testing

/// Playwright for Python on the system's Chromium, as Tooling/a11y drives it, when installed.
enum Playwright {
    static var isInstalled: Bool {
        guard Chromium.isInstalled else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import playwright.sync_api"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Runs the script `name` of Tests/Browser against `base`, with `environment` added to the test's own; its
    /// stdout, parsed as a JSON object.
    static func run(
        _ name: String, base: URL, environment: [String: String] = [:], timeout: Double = 120
    ) async throws -> [String: Any] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser").appendingPathComponent(name)
        let output = try await offThePool { () -> (Data, Data, Int32) in
            try BrowserTurn.take {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", script.path, base.absoluteString]
                process.environment = ProcessInfo.processInfo.environment.merging([
                    "FOLIO_CHROMIUM": Chromium.path ?? ""
                ]) {
                    $1
                }
                .merging(environment) { $1 }
                let stdout = Pipe()
                let stderr = Pipe()
                process.standardOutput = stdout
                process.standardError = stderr
                try process.run()
                // Bounded: a browser that hangs is stopped after `timeout` seconds and the test fails on its output.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                    if process.isRunning { process.terminate() }
                }
                let out = stdout.fileHandleForReading.readDataToEndOfFile()
                let err = stderr.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (out, err, process.terminationStatus)
            }
        }
        try #require(output.2 == 0, "\(String(decoding: output.1, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: output.0) as? [String: Any])
    }
}

/// The notification permission flow in real headless Chromium against the real `folio serve`.
@Suite("Alert notifications in the browser")
struct AlertNotificationBrowserTests {
    @Test(
        "Allow notifications, then an alert added from the page fires and shows as a browser Notification",
        .enabled(if: Playwright.isInstalled, "chromium or playwright is not installed; browser test skipped"),
        .timeLimit(.minutes(10)))
    func allowThenNotified() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let account = try await FolioBinary.run(
                ["networth", "accounts", "add", "--name", "Savings", "--type", "savings", "--balance", "1000"],
                home: home)
            try #require(account.exitCode == 0, "\(account.stderr)")
            let server = try await ServeProcess.start(home: home, environment: [:])
            defer { _ = server.stop() }
            let result = try await Playwright.run("alert_notifications.py", base: server.baseURL)
            #expect(result["permissionBefore"] as? String == "default")
            #expect(result["buttonShown"] as? Bool == true)
            #expect(result["buttonHiddenAfter"] as? Bool == true)
            #expect(result["permission"] as? String == "granted")
            let added = try #require(result["added"] as? [String: Any])
            #expect(added["status"] as? Int == 201, "\(added)")
            let notifications = try #require(result["notifications"] as? [[String: String]])
            #expect(notifications.count == 1, "\(notifications)")
            #expect(notifications.first?["title"]?.hasPrefix("Net worth reached") == true, "\(notifications)")
            #expect(notifications.first?["body"]?.hasPrefix("Net worth") == true)
            #expect((result["banner"] as? String)?.hasPrefix("Alert: Net worth reached") == true)
        }
    }
}
