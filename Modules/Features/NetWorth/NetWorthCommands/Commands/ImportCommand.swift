import ArgumentParser
import CSVText
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth import FILE`
struct ImportCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Record balance updates from a CSV file (all of them or none).",
        discussion: """
            The header names the columns in any order: account, date (YYYY-MM-DD) and amount are required; \
            note, type and currency are optional. A row whose account does not exist creates it when the row \
            has a type (currency defaults to GBP). A date already recorded for an account is replaced. Any \
            bad row stops the import with its line number and nothing is stored. FILE - reads standard input.

            Examples:
              folio networth import balances.csv
              printf 'account,date,amount\\nMonzo,2024-06-30,1350.50\\n' | folio networth import -
            """)

    @Argument(help: "The CSV file, or - for standard input.", completion: .file(extensions: ["csv", "txt"]))
    var file: String

    func run(in context: FeatureContext) async throws {
        try await NetWorthServices(context: context).run(execute)
    }

    private func execute(_ services: NetWorthServices) async throws {
        let text: String
        if file == "-" {
            var lines: [String] = []
            while let line = services.terminal.readLine() { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            // FeatureKit's rule: a missing, folder or unreadable input file is exit 66 in every feature.
            text = try InputFile.text(atPath: file)
        }
        let source = file == "-" ? "standard input" : file
        let parsed: BalanceImport
        do {
            parsed = try Self.balances(csv: text)
        } catch {
            // A file that cannot be read as balances is bad input data (65), not a bad command line.
            throw FolioError(.dataError, "\(source): \(error.what)", why: error.why, hint: error.hint)
        }
        let outcome = try await ImportService(services.dependencies).importBalances(parsed)
        var message =
            "Imported \(parsed.rows.count) row\(parsed.rows.count == 1 ? "" : "s"): \(outcome.added) new, \(outcome.replaced) replaced"
        if !outcome.createdAccounts.isEmpty {
            message +=
                "; created \(outcome.createdAccounts.count) account\(outcome.createdAccounts.count == 1 ? "" : "s")"
        }
        services.terminal.print(message + ".")
    }

    /// Splits `text` with FeatureKit's CSV reader (the one every feature uses) and reads the balances from
    /// the rows; an empty file reaches the domain as an empty header so it can say which columns it needs.
    static func balances(csv text: String) throws(NetWorthError) -> BalanceImport {
        let table: CSVTable
        do {
            table = try CSVTable(text: text)
        } catch  where error.reason == .empty {
            return try BalanceImport(header: [], records: [])
        } catch {
            throw NetWorthError(.malformed, error.description)
        }
        return try BalanceImport(
            header: table.header, records: table.rows.map { BalanceImport.Record(line: $0.line, fields: $0.fields) })
    }
}
