import ArgumentParser
import FeatureKit
import Foundation
import NetWorth
import Timing

/// `folio networth import FILE`
struct ImportCommand: NetWorthLeafCommand {
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

    @Argument(help: "The CSV file, or - for standard input.")
    var file: String

    func execute(in environment: NetWorthEnvironment) async throws {
        let text: String
        if file == "-" {
            var lines: [String] = []
            while let line = environment.terminal.readLine() { lines.append(line) }
            text = lines.joined(separator: "\n")
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw FolioError(.refused, "cannot read \(file)", why: "no such file, or it is not readable")
            }
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw FolioError(.dataError, "cannot read \(file)", why: "it is not UTF-8 text")
            }
            text = decoded
        }
        let parsed: BalanceImport
        do {
            parsed = try BalanceImport(csv: text)
        } catch {
            // A file that cannot be read as balances is bad input data (65), not a bad command line.
            throw FolioError(
                .dataError, "\(file == "-" ? "standard input" : file): \(error.what)", why: error.why, hint: error.hint)
        }
        let outcome = try await environment.repository.importBalances(parsed, today: environment.today)
        var message =
            "Imported \(parsed.rows.count) row\(parsed.rows.count == 1 ? "" : "s"): \(outcome.added) new, \(outcome.replaced) replaced"
        if !outcome.createdAccounts.isEmpty {
            message +=
                "; created \(outcome.createdAccounts.count) account\(outcome.createdAccounts.count == 1 ? "" : "s")"
        }
        environment.terminal.print(message + ".")
    }
}
