import FeatureKitTesting
import Foundation
import Money
import Testing

/// `folio etf …` run as a user runs it: the built binary, a temporary FOLIO_HOME with real SQLite.
@Suite("folio etf end to end")
struct EndToEndTests {
    @Test("the shipped example in every format", arguments: ["table", "json", "csv", "markdown"])
    func example(format: String) async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(["etf", "analyze", examplePath, "--format", format], home: home)
            #expect(result.exitCode == 0)
            #expect(result.stderr.isEmpty)
            switch format {
            case "table":
                #expect(result.stdout.hasPrefix("ETF portfolio · 5 ETFs · as of 2025-05-26\n"))
                #expect(result.stdout.contains("Net return               +$11,039.17  +24.75%"))
                #expect(result.stdout.contains("Fee drag"))
                #expect(!result.stdout.contains("\u{1B}["))
            case "json":
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                #expect((object?["etfs"] as? [Any])?.count == 5)
                #expect(result.stdout.contains("\"totalNetReturn\" : 11039.17,"))
                #expect(result.stdout.contains("\"name\" : \"iShares Core MSCI EAFE ETF, IEFA\","))
            case "csv":
                let lines = result.stdout.components(separatedBy: "\r\n")
                #expect(lines.count == 7 && lines[6].isEmpty)
                #expect(lines[0].hasPrefix("name,analysisDate,daysHeld,initialInvestment,"))
                #expect(lines[5].hasPrefix("\"Vanguard Total Bond Market ETF, BND\",2025-05-26,1455,7540,7280,-260,"))
            default:
                #expect(result.stdout.hasPrefix("# ETF Portfolio Analysis\n"))
                #expect(
                    result.stdout.contains(
                        "| **Total** | 919 | $44,610.00 | $52,971.50 | +$11,039.17 | +24.75% | +9.18% | 100.00% | 100.00% |"
                    ))
            }
        }
    }

    @Test("--details and --output write the report to a file")
    func outputFile() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("report.txt").path
            let result = try await FolioBinary.run(
                ["etf", "analyze", examplePath, "--details", "--output", file], home: home)
            #expect(result.exitCode == 0)
            #expect(result.stdout.isEmpty)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("Final value            $21,404.19"))
        }
    }

    @Test("bad input: exit 65 with every problem on stderr, nothing on stdout")
    func invalid() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let csv =
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price,analysis_date\n"
                + "\"Fund, A\",-0.5,1,10,abc,2024-01-01,1,2023-01-01\n"
            let result = try await FolioBinary.run(["etf", "analyze", "-"], home: home, input: csv)
            #expect(result.exitCode == 65)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.hasPrefix("error: stdin is not a valid portfolio — 3 problems, nothing was analyzed:\n"))
            #expect(result.stderr.contains("  stdin: row 1 (line 2), column expense_ratio: -0.5 is negative"))
            #expect(result.stderr.contains("  stdin: row 1 (line 2), column purchase_price: \"abc\" is not a number"))
            #expect(
                result.stderr.contains(
                    "  stdin: row 1 (line 2), column analysis_date: purchase date 2024-01-01 is after the analysis date 2023-01-01"
                ))
            #expect(result.stderr.contains("hint: "))
            let missing = try await FolioBinary.run(
                ["etf", "analyze", home.appendingPathComponent("none.csv").path], home: home)
            #expect(missing.exitCode == 66)
            #expect(missing.stderr.hasPrefix("error: cannot read "))
            let usage = try await FolioBinary.run(["etf", "analyze", examplePath, "--format", "xml"], home: home)
            #expect(usage.exitCode == 64)
        }
    }

    @Test("save, list and analyze --saved across processes (SQLite)")
    func saved() async throws {
        try await FolioBinary.withTemporaryHome { home in
            #expect(try await FolioBinary.run(["etf", "save", "core", examplePath], home: home).exitCode == 0)
            let list = try await FolioBinary.run(["etf", "list", "--format", "csv"], home: home)
            #expect(list.stdout.hasPrefix("name,etfs,invested,savedAt,source\r\ncore,5,44610,"))
            let fromStore = try await FolioBinary.run(
                ["etf", "analyze", "--saved", "core", "--format", "csv"], home: home)
            let fromFile = try await FolioBinary.run(["etf", "analyze", examplePath, "--format", "csv"], home: home)
            #expect(fromStore.exitCode == 0)
            #expect(fromStore.stdout == fromFile.stdout)
            let again = try await FolioBinary.run(["etf", "save", "core", examplePath], home: home)
            #expect(again.exitCode == 1)
            #expect(again.stderr.contains("hint: add --yes to replace it"))
            #expect(try await FolioBinary.run(["etf", "delete", "core", "--yes"], home: home).exitCode == 0)
            #expect(try await FolioBinary.run(["etf", "analyze", "--saved", "core"], home: home).exitCode == 1)
        }
    }

    @Test("new reads the form from piped input, then analyzes")
    func new() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let file = home.appendingPathComponent("p.csv").path
            let answers =
                ["1", "Solo, ETF", "0.1", "2", "10", "100", "2024-05-26", "110", ""].joined(separator: "\n") + "\n"
            let result = try await FolioBinary.run(
                ["etf", "new", file, "--as-of", "2025-05-26", "--format", "csv"], home: home, input: answers)
            #expect(result.exitCode == 0)
            #expect(result.stderr.contains("How many ETFs?"))
            #expect(
                result.stdout.contains(
                    "\"Solo, ETF\",2025-05-26,365,1000,1100,100,20,120,1,119,0.119,0.119,false,1,1\r\n"))
            #expect(FileManager.default.fileExists(atPath: file))
        }
    }

    @Test("help states the formulas and shows examples")
    func help() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(["etf", "analyze", "--help"], home: home)
            #expect(result.exitCode == 0)
            #expect(result.stdout.contains("annualized = (final / initial)^(365 / days) − 1"))
            #expect(result.stdout.contains("Examples:"))
            let root = try await FolioBinary.run(["etf", "--help"], home: home)
            for command in ["analyze", "new", "template", "save", "list", "delete"] {
                #expect(root.stdout.contains("  \(command)"))
            }
        }
    }
}
