import Foundation
import Money
import NetworkingTesting

/// casparser 1.4.1's `CapitalGainsReport`, run through `Tooling/cas-oracle/gains.py`.
enum CasparserOracle {
    /// One of casparser's gains rows, decimals exact.
    struct Row: Decodable {
        var financialYear: String
        var scheme: String
        var folio: String
        var isin: String?
        var type: String
        var term: String
        var units: Amount
        var purchaseDate: String
        var purchaseNAV: Amount
        var purchaseValue: Amount
        var stampDuty: Amount
        var acquisitionValue: Amount
        var saleDate: String
        var saleNAV: Amount
        var saleValue: Amount
        var stt: Amount
        var longTermGain: Amount
        var longTermTaxableGain: Amount
        var shortTermGain: Amount
    }

    struct Output: Decodable {
        var casparser: String
        var rows: [Row]
        var errors: [[String: String]]
    }

    static let folder = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tooling/cas-oracle")

    /// Runs the oracle on `statement` with `navs` (ISIN → NAV of 31-Jan-2018).
    static func run(statement: Data, navs: [String: String] = [:]) async throws -> Output {
        try JSONDecoder().decode(
            Output.self,
            from: await python(
                "gains.py", statement: statement, extra: try JSONSerialization.data(withJSONObject: navs)))
    }

    /// casparser's own CSV export of `statement`.
    static func csv(statement: Data) async throws -> Data {
        try await python("to_csv.py", statement: statement, extra: nil)
    }

    /// Runs `Tooling/cas-oracle/SCRIPT` on the statement (and a second file) and returns what it printed.
    ///
    /// The process is waited for on a thread of its own: blocking one of the test run's few cooperative threads
    /// for the seconds Python takes starved the other tests' tasks.
    static func python(_ script: String, statement: Data, extra: Data?) async throws -> Data {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cas-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let statementFile = work.appendingPathComponent("statement.json")
        try statement.write(to: statementFile)
        var arguments = ["python3", folder.appendingPathComponent(script).path, statementFile.path]
        if let extra {
            let extraFile = work.appendingPathComponent("extra.json")
            try extra.write(to: extraFile)
            arguments.append(extraFile.path)
        }
        let messages = work.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: messages.path, contents: nil)
        let command = arguments
        let (data, status) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Data, Int32), any Error>) in
            Thread {
                do {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                    process.arguments = command
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = try FileHandle(forWritingTo: messages)
                    try process.run()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: (data, process.terminationStatus))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
        guard status == 0 else {
            let message = (try? Data(contentsOf: messages)) ?? Data()
            throw OracleFailure(
                text: "\(script) exited \(status) (is casparser==1.4.1 installed? .ci/run installs it): "
                    + String(decoding: message.suffix(2000), as: UTF8.self))
        }
        return data
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
