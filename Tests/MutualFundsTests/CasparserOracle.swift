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

    static let script = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tooling/cas-oracle/gains.py")

    /// Runs the oracle on `statement` with `navs` (ISIN → NAV of 31-Jan-2018).
    static func run(statement: Data, navs: [String: String] = [:]) throws -> Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cas-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let statementFile = folder.appendingPathComponent("statement.json")
        let navFile = folder.appendingPathComponent("navs.json")
        try statement.write(to: statementFile)
        try JSONSerialization.data(withJSONObject: navs).write(to: navFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, statementFile.path, navFile.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleFailure(
                text: "gains.py exited \(process.terminationStatus) (is casparser==1.4.1 installed? .ci/run installs it): "
                    + String(decoding: message.suffix(2000), as: UTF8.self))
        }
        return try JSONDecoder().decode(Output.self, from: data)
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }
}
