import ArgumentParser
import Failures
import FeatureCLI
import FeatureKit
import Foundation
import MutualFunds
import MutualFundsPortfolio

/// `folio funds portfolio import`.
struct PortfolioImport: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a CAS statement converted by casparser (JSON or CSV; - for standard input).",
        discussion: """
            Every scheme is checked before anything is stored: the running balance after each transaction, and \
            in JSON the statement's open and close units against the sum of the transactions (casparser's CSV \
            has running balances only). A statement that does not reconcile is refused (exit 65) naming the \
            folio, the scheme and the first transaction that disagrees, and nothing is stored; --allow-mismatch \
            imports it with those schemes marked unreconciled wherever they are shown. A SUMMARY statement (no \
            transactions) is refused. Importing the same statement again, or a later one that overlaps it, adds \
            only the transactions not yet held — a transaction is identified by its folio, scheme, date, type, \
            units, amount and running balance — and says how many were new.

            Examples:
              folio funds portfolio import cas.json
              casparser cas.pdf -p PASSWORD -o cas.csv && folio funds portfolio import cas.csv
            """
    )

    @Argument(
        help: ArgumentHelp("The statement: casparser JSON or CSV, or - for standard input.", valueName: "file"),
        completion: .file(extensions: ["json", "csv"]))
    var file: String

    @Flag(help: "Import a statement that does not reconcile, marking those schemes unreconciled.")
    var allowMismatch = false

    @OptionGroup var formatting: FormatOptions

    func run(in context: FeatureContext) async throws {
        let data: Data
        if file == "-" {
            var lines: [String] = []
            while let line = context.terminal.readLine() { lines.append(line) }
            data = Data(lines.joined(separator: "\n").utf8)
        } else {
            data = try InputFile.data(atPath: file)
        }
        let report: ImportReport
        do {
            report = try await FundsServices(context: context).portfolio().importStatement(
                data, allowMismatch: allowMismatch)
        } catch let error as FolioError where error.reason == .statementDoesNotReconcile {
            throw FolioError(
                error.kind, error.what, why: error.why,
                hint:
                    "check the statement, or import it with --allow-mismatch (those schemes stay marked unreconciled)",
                field: error.field)
        }
        for line in report.unreconciled { context.terminal.warn("unreconciled: \(line)") }
        switch formatting.format {
        case .json: try formatting.emit(try JSONOutput.string(report), to: context.terminal)
        case .csv:
            try formatting.emit(
                CSVOutput.document(
                    header: ["added", "alreadyHeld", "schemes", "newSchemes", "unreconciled"],
                    rows: [
                        [
                            "\(report.added)", "\(report.alreadyHeld)", "\(report.schemes)", "\(report.newSchemes)",
                            report.unreconciled.joined(separator: "; "),
                        ]
                    ]),
                to: context.terminal)
        case .table:
            try formatting.emit(
                "Imported \(report.added) new transaction\(report.added == 1 ? "" : "s") "
                    + "(\(report.alreadyHeld) already held) in \(report.schemes) scheme\(report.schemes == 1 ? "" : "s")"
                    + (report.unreconciled.isEmpty ? "" : "; \(report.unreconciled.count) marked unreconciled") + ".",
                to: context.terminal)
        }
    }
}
