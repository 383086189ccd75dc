import ArgumentParser
import ETFAnalyzer
import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Money
import Persistence
import Testing

@testable import ETFAnalyzerCommands

@Suite("folio etf analyze")
struct AnalyzeCommandTests {
    @Test("the table: summary card, one line per ETF with totals, allocation bars and fee drag")
    func table() async throws {
        let output = try await runETF(["analyze", examplePath], interactive: true).output
        #expect(output.contains("ETF portfolio · 5 ETFs · as of 2025-05-26"))
        #expect(output.contains("Invested                  $44,610.00"))
        #expect(output.contains("Net return               +$11,039.17  +24.75%"))
        #expect(output.contains("Weighted annual return       +13.79%"))
        #expect(output.contains("Portfolio annual return       +9.18%  from totals over 919 days"))
        #expect(output.contains("Weighted expense ratio        0.066%  $35.15 a year at today's value"))
        #expect(output.contains("Note: The weighted figure differs from the portfolio's own return by 4.60"))
        #expect(
            output.contains(
                "\nInvesco QQQ Trust (QQQ)         144   $6,600.00   $7,576.50     +$986.92  +14.95%  +42.37%*   14.30%\n"
            ))
        #expect(
            output.contains(
                "\nTotal                           919  $44,610.00  $52,971.50  +$11,039.17  +24.75%    +9.18%  100.00%\n"
            ))
        // Too long for 100 columns with the figures beside it, so cut in the middle, keeping the ticker.
        #expect(output.contains("\nSchwab U.S. D…ity ETF (SCHD)    480"))
        #expect(output.contains("* held under a year"))
        #expect(output.contains("Allocation (current value / total current value)"))
        #expect(output.contains("Vanguard S&P 500 ETF (VOO)"))
        #expect(output.contains("30      $403,232.57  $395,798.39  $7,434.18  1.84%"))
        #expect(!output.contains("Capital appreciation   +$5,590.00"))
        #expect(output.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 100 })
    }

    @Test("piped, nothing is shortened: whole names, and the rules as wide as the rows")
    func pipedTableIsNotShortened() async throws {
        let output = try await runETF(["analyze", examplePath]).output
        #expect(output.contains("\nSchwab U.S. Dividend Equity ETF (SCHD)    480"))
        #expect(output.contains("\nVanguard Total Bond Market ETF, BND     "))
        let lines = output.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("ETF ") && $0.contains("DAYS") })
        let rule = lines[header + 1]
        #expect(rule.allSatisfy { $0 == "─" })
        let total = try #require(lines.first { $0.hasPrefix("Total ") })
        #expect(TextWidth.of(rule) == TextWidth.of(total))
    }

    @Test("similar long names stay distinguishable on a narrow terminal, and every line fits it")
    func similarNamesOnANarrowTerminal() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("p.csv").path
            var text = "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\n"
            for (name, shares) in [
                ("Vanguard S&P 500 Index Fund ETF Shares (VOO)", 1),
                ("Vanguard Total Stock Market Index Fund ETF Shares (VTI)", 2),
            ] {
                text += "\(name),0.03,1.2,\(shares),38.05,2020-01-02,52.03\n"
            }
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let terminal = try await runETF(["analyze", file, "--as-of", "2025-05-26"], interactive: true, width: 80)
            let lines = terminal.output.split(separator: "\n").map(String.init)
            let rows = lines.filter { $0.hasPrefix("Vanguar") || $0.hasPrefix("  Vanguar") }
            #expect(rows.count == 4)  // the table and the allocation bars
            #expect(rows.allSatisfy { TextWidth.of($0) <= 80 })
            #expect(rows.contains { $0.contains("…") && $0.contains("(VOO)") })
            #expect(rows.contains { $0.contains("…") && $0.contains("(VTI)") })
            let rule = try #require(lines.first { !$0.isEmpty && $0.allSatisfy { $0 == "─" } })
            let total = try #require(lines.first { $0.hasPrefix("Total ") })
            #expect(TextWidth.of(rule) == TextWidth.of(total))
        }
    }

    @Test("--details adds every ETF's breakdown")
    func details() async throws {
        let output = try await runETF(["analyze", examplePath, "--details"]).output
        #expect(output.contains("Held                   2022-03-15 → 2025-05-26 · 1,168 days (3.20 years)"))
        #expect(output.contains("Capital appreciation   +$5,590.00"))
        #expect(output.contains("Yield income           +$608.80"))
        #expect(output.contains("Expenses               -$14.61"))
        #expect(output.contains("Annualized return      +42.37% (under a year)"))
        #expect(output.contains("Weight · allocation    34.12% · 39.29%"))
    }

    @Test("JSON has the issue's keys, fractions for rates and null for absent values")
    func json() async throws {
        let output = try await runETF(["analyze", examplePath, "--format", "json"]).output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let etfs = try #require(object["etfs"] as? [[String: Any]])
        let portfolio = try #require(object["portfolio"] as? [String: Any])
        let etfKeys: Set = [
            "name", "daysHeld", "initialInvestment", "currentValue", "capitalAppreciation", "yieldIncome",
            "grossReturn",
            "expenses", "netReturn", "totalReturnPercent", "annualizedReturn", "weight", "allocationPercent",
        ]
        let portfolioKeys: Set = [
            "totalInitial", "totalCurrent", "totalCapitalAppreciation", "totalYieldIncome", "totalExpenses",
            "totalNetReturn", "weightedAnnualReturn", "totalReturnPercent", "weightedExpenseRatio", "annualFees",
            "feeDrag",
        ]
        #expect(etfs.count == 5)
        #expect(etfKeys.isSubset(of: Set(etfs[0].keys)))
        #expect(portfolioKeys.isSubset(of: Set(portfolio.keys)))
        #expect(etfs[0]["name"] as? String == "Vanguard S&P 500 ETF (VOO)")
        #expect(etfs[0]["daysHeld"] as? Int == 1168)
        #expect(output.contains("\"yieldIncome\" : 608.8\n"))
        #expect(output.contains("\"expenses\" : 14.61,"))
        #expect(output.contains("\"totalInitial\" : 44610,"))
        #expect(output.contains("\"weight\" : 0.3411791078,"))
        let drag = try #require(portfolio["feeDrag"] as? [String: [String: Any]])
        #expect(Set(drag.keys) == ["10", "20", "30"])
        #expect(Set(drag["10"]!.keys) == ["valueWithFees", "valueWithoutFees", "drag"])
    }

    @Test("computed money is reported at the currency's minor unit, half-even, in JSON and CSV; rates keep 10 places")
    func moneyAtMinorUnit() async throws {
        let json = try await runETF(["analyze", examplePath, "--format", "json"]).output
        #expect(json.contains("\"yieldIncome\" : 753.29\n"), "753.2923561644 computed")
        #expect(json.contains("\"weight\" : 0.2293207801,"))
        let yen = try await runETF(["analyze", examplePath, "--format", "json", "--currency", "JPY"]).output
        #expect(yen.contains("\"yieldIncome\" : 753\n") && yen.contains("\"expenses\" : 17,"))
        let csv = try await runETF(["analyze", examplePath, "--format", "csv", "--currency", "JPY"]).output
        #expect(csv.contains(",867,10230,11835,1605,753,2358,17,2341,0.2288643723,0.0906375388,false,0.2293207801,"))
    }

    @Test("a 0-day holding is null in JSON and empty in CSV")
    func nullAnnualized() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("p.csv").path
            try
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\nNew,0.1,1,1,10,2025-05-26,10\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            let json = try await runETF(["analyze", file, "--as-of", "2025-05-26", "--format", "json"]).output
            #expect(json.contains("\"annualizedReturn\" : null,"))
            #expect(json.contains("\"weightedAnnualReturn\" : null,"))
            let csv = try await runETF(["analyze", file, "--as-of", "2025-05-26", "--format", "csv"]).output
            #expect(csv.contains("New,2025-05-26,0,10,10,0,0,0,0,0,0,,true,1,1\r\n"))
            let table = try await runETF(["analyze", file, "--as-of", "2025-05-26"]).output
            #expect(table.contains("— no annualized return: held 0 days"))
        }
    }

    @Test("CSV: the JSON rows' columns, one row per ETF, names with commas quoted")
    func csv() async throws {
        let output = try await runETF(["analyze", examplePath, "--format", "csv"]).output
        let lines = output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 6)
        #expect(output.hasSuffix("\r\n") && !output.hasSuffix("\n\n"))
        #expect(lines[0] == ETFRow.columns.joined(separator: ","))
        #expect(lines[2].hasPrefix("\"iShares Core MSCI EAFE ETF, IEFA\",2025-05-26,867,10230,11835,1605,753.29,"))
    }

    @Test("Markdown: the shareable report, written to --output")
    func markdown() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let report = directory.appendingPathComponent("report.md").path
            let terminal = try await runETF(["analyze", examplePath, "--format", "markdown", "--output", report])
            #expect(terminal.output.isEmpty)
            let text = try String(contentsOfFile: report, encoding: .utf8)
            #expect(text.hasPrefix("# ETF Portfolio Analysis\n"))
            #expect(text.contains("| Net return | +$11,039.17 (+24.75%) |"))
            #expect(
                text.contains(
                    "| Invesco QQQ Trust (QQQ) | 144 | $6,600.00 | $7,576.50 | +$986.92 | +14.95% | +42.37%\\* | 14.79% | 14.30% |"
                ))
            #expect(text.contains("### iShares Core MSCI EAFE ETF, IEFA"))
            #expect(text.contains("## Fee drag"))
            #expect(text.contains("## How the figures are calculated"))
        }
    }

    @Test("--as-of, --growth and --currency change the figures")
    func options() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("p.csv").path
            try
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\nA,1,0,10,100,2024-01-01,110\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            let output = try await runETF([
                "analyze", file, "--as-of", "2024-12-31", "--growth", "5", "--currency", "eur",
            ]).output
            #expect(output.contains("as of 2024-12-31"))
            #expect(output.contains("€1,000.00"))
            #expect(output.contains("growing 5.00% a year"))
            // Today (the pinned clock) is 2025-05-26 without --as-of.
            #expect(try await runETF(["analyze", file]).output.contains("as of 2025-05-26"))
        }
    }

    @Test("standard input, CSV or JSON")
    func stdin() async throws {
        let csv = try await runETF(
            ["analyze", "-", "--format", "csv"],
            input: [
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price",
                "\"A, B\",0,0,1,1,2025-01-01,2",
            ]
        ).output
        #expect(csv.contains("\"A, B\",2025-05-26,145,1,2,1,0,1,0,1,1,"))
        let json = try await runETF(
            ["analyze", "-", "--format", "json"],
            input: [
                "[{\"name\": \"J, K\", \"expenseRatio\": 0, \"yield\": 0, \"shares\": 1, \"purchasePrice\": 1,",
                "\"purchaseDate\": \"2025-01-01\", \"currentPrice\": 2}]",
            ]
        ).output
        #expect(json.contains("\"name\" : \"J, K\""))
    }

    @Test("an invalid file: every problem listed, exit 65, nothing analysed")
    func invalidFile() async throws {
        try await withTemporaryDirectory(prefix: "etf-tests") { directory in
            let file = directory.appendingPathComponent("bad.csv").path
            try
                "name,expense_ratio,yield,shares,purchase_price,purchase_date,current_price\n,-1,x,0,1,2024-01-01,1\nOK,0,0,1,1,2026-01-01,1\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            let terminal = CapturedTerminal()
            let error = await folioError { try await runETF(["analyze", file]) }
            #expect(error?.kind == .dataError)
            #expect(error?.exitCode == 65)
            #expect(error?.what == "\(file) is not a valid portfolio")
            let why = error?.why ?? ""
            #expect(why.hasPrefix("5 problems, nothing was analyzed:"))
            #expect(why.contains("\(file): row 1 (line 2), column name: is empty"))
            #expect(why.contains("\(file): row 1 (line 2), column expense_ratio: -1 is negative"))
            #expect(why.contains("\(file): row 1 (line 2), column yield: \"x\" is not a number"))
            #expect(why.contains("\(file): row 1 (line 2), column shares: 0 is not more than 0"))
            #expect(
                why.contains(
                    "\(file): row 2 (line 3), column purchase_date: purchase date 2026-01-01 is after the analysis date 2025-05-26"
                ))
            #expect(terminal.output.isEmpty)
        }
    }

    @Test("usage errors: a missing file, bad options, file and --saved together")
    func usage() async throws {
        // A missing input file: FeatureKit's rule, exit 66, the same as `networth import`.
        #expect(await folioError { try await runETF(["analyze", "/nonexistent/p.csv"]) }?.exitCode == 66)
        #expect(
            await folioError { try await runETF(["analyze", examplePath, "--as-of", "2025-13-01"]) }?.kind == .usage)
        #expect(await folioError { try await runETF(["analyze", examplePath, "--growth", "abc"]) }?.kind == .refused)
        #expect(await folioError { try await runETF(["analyze", examplePath, "--growth=-100"]) }?.kind == .refused)
        #expect(
            await folioError { try await runETF(["analyze", examplePath, "--currency", "dollars"]) }?.kind == .usage)
        #expect(throws: (any Error).self) { try ETFCommand.parseAsRoot(["analyze", examplePath, "--saved", "x"]) }
        #expect(throws: (any Error).self) { try ETFCommand.parseAsRoot(["analyze"]) }
        #expect(throws: (any Error).self) { try ETFCommand.parseAsRoot(["analyze", examplePath, "--format", "xml"]) }
    }
}
