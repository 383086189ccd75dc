import ETFAnalyzer
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Persistence
import Testing

@testable import ETFAnalyzerCommands

@Suite("folio etf save, list, delete, template")
struct PortfolioCommandsTests {
    @Test("save → list → analyze --saved → delete")
    func lifecycle() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        let saved = try await runETF(["save", "Retirement", examplePath], store: store).output
        #expect(saved == "Saved portfolio Retirement: 5 ETFs from \(examplePath).\n")
        let list = try await runETF(["list"], store: store).output
        #expect(list.contains("Retirement     5  44,610.00  2025-05-26"))
        let json = try await runETF(["list", "--format", "json"], store: store).output
        #expect(json.contains("\"name\" : \"Retirement\""))
        #expect(json.contains("\"invested\" : 44610"))
        let fromStore = try await runETF(["analyze", "--saved", "retirement", "--format", "csv"], store: store).output
        let fromFile = try await runETF(["analyze", examplePath, "--format", "csv"]).output
        #expect(fromStore == fromFile)
        let refused = await folioError { try await runETF(["delete", "Retirement"], store: store) }
        // FeatureKit's one rule, the same as `networth accounts remove` and `funds cache clear`: refused, exit 1.
        #expect(refused?.kind == .refused)
        #expect(refused?.exitCode == 1)
        #expect(refused?.what == "not deleting Retirement without confirmation")
        #expect(
            try await runETF(["delete", "retirement", "--yes"], store: store).output
                == "Deleted saved portfolio Retirement.\n")
        #expect(try await runETF(["list"], store: store).output.contains("No saved portfolios."))
    }

    @Test("delete asks on a terminal")
    func deleteAsks() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        try await runETF(["save", "p", examplePath], store: store)
        let kept = await folioError {
            try await runETF(["delete", "p"], input: ["n"], interactive: true, store: store)
        }
        #expect(kept?.kind == .refused)
        try await runETF(["delete", "p"], input: ["y"], interactive: true, store: store)
        #expect(try await SavedPortfolios(store: store).all().isEmpty)
    }

    @Test("saving refuses a taken name without --yes, an invalid file, and a bad name")
    func saveRefusals() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        try await runETF(["save", "core", examplePath], store: store)
        #expect(await folioError { try await runETF(["save", "Core", examplePath], store: store) }?.kind == .refused)
        #expect(
            try await runETF(["save", "Core", examplePath, "--yes"], store: store).output.hasPrefix(
                "Replaced portfolio Core"))
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let bad = directory.appendingPathComponent("bad.json").path
            try "[{\"name\": \"x\"}]".write(toFile: bad, atomically: true, encoding: .utf8)
            #expect(await folioError { try await runETF(["save", "other", bad], store: store) }?.kind == .dataError)
            #expect(
                await folioError { try await runETF(["save", "bad name", examplePath], store: store) }?.kind == .usage)
            #expect(try await SavedPortfolios(store: store).all().map(\.name) == ["Core"])
            #expect(
                await folioError { try await runETF(["analyze", "--saved", "missing"], store: store) }?.kind == .refused
            )
        }
    }

    @Test("a saved portfolio is checked again against a new --as-of")
    func savedRevalidated() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        try await runETF(
            ["save", "p", "-"],
            input: [
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price", "A,0,0,1,1,2025-01-01,2",
            ], store: store)
        let error = await folioError {
            try await runETF(["analyze", "--saved", "p", "--as-of", "2024-12-31"], store: store)
        }
        #expect(error?.kind == .dataError)
        #expect(
            error?.why?.contains(
                "row 1, column purchase_date: purchase date 2025-01-01 is after the analysis date 2024-12-31") == true)
    }

    @Test("both templates read back and analyze")
    func templates() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            for format in ["csv", "json"] {
                let text = try await runETF(["template", "--format", format]).output
                #expect(text.hasPrefix(format == "csv" ? "# folio ETF portfolio" : "// folio ETF portfolio"))
                let file = directory.appendingPathComponent("t.\(format)").path
                try await runETF(["template", "--format", format, "--output", file])
                #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
                let document = try PortfolioReader.document(text: text, defaultAnalysisDate: nil)
                #expect(document.holdings.count == 3)
                #expect(document.holdings[0].name == "Vanguard Total Stock Market ETF, VTI")
                #expect(document.warnings.isEmpty)
                let analysis = try await runETF(["analyze", file, "--format", "json"]).output
                #expect(analysis.contains("\"name\" : \"Schwab U.S. Dividend Equity ETF, SCHD\""))
            }
        }
    }
}

@Suite("folio etf new")
struct NewCommandTests {
    static let answers = [
        "two", "2",
        // name, expense ratio, yield, shares, purchase price (each with a refused answer first)
        "", "Vanguard, Total", "-1", "0.03", "abc", "1.3", "0", "10", "1,000", "100",
        // purchase date: not a date, then a typo in the future; current price; analysis date: the default is
        // before the purchase, so both dates are asked again; then a valid pair with the default date.
        "2024-13-01", "2030-01-01", "120", "", "2024-01-01", "2023-12-31", "2024-01-01", "",
        "Bonds", "0.05", "3.5", "20", "50", "2024-06-01", "49", "2025-01-01",
    ]

    @Test("the form re-asks every invalid answer, writes the file, saves it and analyzes it")
    func form() async throws {
        let store = InMemoryDatabase().store(namespace: "etf")
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("mine.csv").path
            let terminal = try await runETF(
                ["new", file, "--as-of", "2025-05-26", "--save", "mine", "--format", "csv"], input: Self.answers,
                store: store)
            #expect(terminal.errors.contains("ETF 1 of 2"))
            #expect(terminal.errors.contains("✗ is empty — every ETF needs a name"))
            #expect(terminal.errors.contains("✗ -1 is negative — the expense ratio must be 0 or more"))
            #expect(terminal.errors.contains("✗ \"abc\" is not a number"))
            #expect(terminal.errors.contains("✗ 0 is not more than 0 — shares must be positive"))
            #expect(terminal.errors.contains("✗ \"2024-13-01\" is not a date"))
            #expect(terminal.errors.contains("✗ \"two\" is not a whole number of ETFs, 1 or more"))
            #expect(terminal.errors.contains("✗ \"1,000\" is not a number — write it without thousands separators"))
            #expect(
                terminal.errors.contains(
                    "✗ purchase date 2030-01-01 is after the analysis date 2025-05-26 (--as-of, else today); enter both dates again"
                ))
            #expect(
                terminal.errors.contains(
                    "✗ purchase date 2024-01-01 is after the analysis date 2023-12-31; enter both dates again"))
            #expect(terminal.errors.contains("Wrote 2 ETFs to \(file)."))
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(
                written
                    == "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,analysis_date\r\n"
                    + "\"Vanguard, Total\",0.03,1.3,10,100,2024-01-01,120,\r\n"
                    + "Bonds,0.05,3.5,20,50,2024-06-01,49,2025-01-01\r\n")
            #expect(terminal.output.contains("\"Vanguard, Total\",2025-05-26,511,1000,1200,200,"))
            #expect(terminal.output.contains("Bonds,2025-01-01,214,1000,980,-20,"))
            #expect(try await SavedPortfolios(store: store).load("mine").holdings.count == 2)
        }
    }

    @Test("the file is written as JSON when its name ends in .json")
    func jsonFile() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("mine.json").path
            try await runETF(
                ["new", file, "--as-of", "2025-05-26"], input: ["1", "A", "0", "0", "1", "1", "2025-01-01", "2", ""])
            let document = try PortfolioReader.document(
                text: try String(contentsOfFile: file, encoding: .utf8), path: file, defaultAnalysisDate: nil)
            #expect(document.holdings.map(\.name) == ["A"])
        }
    }

    @Test("input ending early writes nothing; an existing file is not replaced without --yes")
    func refusals() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("p.csv").path
            let early = await folioError { try await runETF(["new", file], input: ["1", "A", "0"]) }
            #expect(early?.kind == .refused)
            #expect(!FileManager.default.fileExists(atPath: file))
            try "x".write(toFile: file, atomically: true, encoding: .utf8)
            #expect(await folioError { try await runETF(["new", file], input: ["1"]) }?.kind == .refused)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
            let store = InMemoryDatabase().store(namespace: "etf")
            try await runETF(["save", "taken", examplePath], store: store)
            let other = directory.appendingPathComponent("q.csv").path
            #expect(
                await folioError { try await runETF(["new", other, "--save", "taken"], input: ["1"], store: store) }?
                    .kind == .refused)
        }
    }
}
