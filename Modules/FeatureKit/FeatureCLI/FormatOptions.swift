import ArgumentParser
import FeatureKit

extension OutputFormat: ExpressibleByArgument {
    // ArgumentParser's defaults for these two build a key path and call `reduce(into:)` in generic contexts,
    // where the runtime looks up `OutputFormat: RawRepresentable` and `Array: Collection` by name: each a scan
    // of every conformance record on Linux, in every process that declares `--format`. The values are the
    // same as the defaults': the raw values, and no descriptions that differ from them.
    /// The values `--format` accepts.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    /// No descriptions beyond the values.
    public static var allValueDescriptions: [String: String] { [:] }
}

/// `--format table|json|csv` and `--output FILE`, shared by every listing command.
public struct FormatOptions: ParsableArguments, Sendable {
    /// The output format.
    public var format: OutputFormat { chosenFormat ?? .table }

    // Optional, with the default applied above and named in the help: ArgumentParser describes a declared
    // default by printing it and checking its type for `CaseIterable`, two conformance lookups that on Linux
    // scan every conformance record, in every process, whether or not help is shown.
    @Option(name: .customLong("format"), help: "Output format: table, json or csv (default: table).")
    var chosenFormat: OutputFormat?

    /// A file to write instead of standard output.
    @Option(
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    public var output: String?

    /// Creates the default options.
    public init() {}

    /// How wide a table may be: the screen's width only when the table goes to the screen. `--output FILE` from a
    /// terminal writes a file nobody reads at that width, so its cells stay whole, as when piped.
    public func tableWidth(on terminal: any Terminal) -> Int {
        (output ?? "-") == "-" ? terminal.tableWidth : .max
    }

    /// Writes `text` to `--output` (atomically) or to the terminal.
    /// - Throws: ``FolioError`` when the file cannot be written.
    public func emit(_ text: String, to terminal: any Terminal) throws {
        try OutputDestination(path: output).emit(text, to: terminal)
    }

    /// Writes one report in the chosen format: `--format json` prints `report` itself (the value `/api/…` encodes),
    /// `csv` what `csv` writes, and a table what `table` draws. Every command renders through this, so no command
    /// switches on the format itself.
    /// - Throws: ``FolioError`` when the output cannot be written, or what a rendering throws.
    public func render<Report: Encodable>(
        _ report: Report, to terminal: any Terminal, csv: () throws -> String, table: () throws -> String
    ) throws {
        switch format {
        case .json: try emit(try JSONOutput.string(report), to: terminal)
        case .csv: try emit(try csv(), to: terminal)
        case .table: try emit(try table(), to: terminal)
        }
    }

    /// Writes a list in the chosen format: the rows as a JSON array, as CSV with `columns` (every key, sorted, when
    /// nil), or the table `table` draws.
    /// - Throws: ``FolioError`` when the output cannot be written, or what a rendering throws.
    public func render<Row: Encodable>(
        rows: [Row], columns: [String]? = nil, to terminal: any Terminal, table: () throws -> String
    ) throws {
        try render(rows, to: terminal, csv: { try CSVOutput.rows(rows, columns: columns) }, table: table)
    }
}
