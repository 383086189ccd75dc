import ArgumentParser
import FeatureKit

extension OutputFormat: ExpressibleByArgument {
    // ArgumentParser's defaults for these two build a key path and call `reduce(into:)` in generic contexts,
    // where the runtime looks up `OutputFormat: RawRepresentable` and `Array: Collection` by name: each a scan
    // of every conformance record on Linux, in every process that declares `--format`. The values are the
    // same as the defaults': the raw values, and no descriptions that differ from them.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
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
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    public var output: String?

    /// Creates the default options.
    public init() {}

    /// Writes `text` to `--output` (atomically) or to the terminal.
    /// - Throws: ``FolioError`` when the file cannot be written.
    public func emit(_ text: String, to terminal: any Terminal) throws {
        try OutputDestination(path: output).emit(text, to: terminal)
    }
}

