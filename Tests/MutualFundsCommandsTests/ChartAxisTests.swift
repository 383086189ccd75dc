import ArgumentParser
import FeatureKit
import FeatureKitTesting
import Foundation
import NetworkingTesting
import Testing
import Timing
import TimingTesting

@testable import MutualFundsCommands

@Suite("chart x-axis labels are spaced by their width")
struct ChartAxisTests {
    /// The spaces after each label (`Sep 2023`, `2024-03-15`) in an axis line: every label ends with its year or day.
    static func gapsBetweenLabels(_ line: String) -> [Int] {
        let tokens = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var gaps: [Int] = []
        var rest = Substring(line)
        for (index, token) in tokens.enumerated() {
            guard let range = rest.range(of: token) else { break }
            rest = rest[range.upperBound...]
            let isLabelEnd = token.count >= 4 && token.allSatisfy { $0.isNumber || $0 == "-" }
            guard isLabelEnd, index + 1 < tokens.count else { continue }
            gaps.append(rest.prefix { $0 == " " }.count)
        }
        return gaps
    }

    /// The label line under a rendered chart.
    static func axisLine(_ text: String) -> String? {
        let lines = text.components(separatedBy: "\n")
        guard let axis = lines.firstIndex(where: { $0.contains("└") }), axis + 1 < lines.count else { return nil }
        return lines[axis + 1]
    }

    @Test("show --range 3Y on an 80-column terminal: labels at least 3 spaces apart, first and last date shown")
    func showThreeYears() async throws {
        let harness = Harness()
        // 80 columns make a 66-column plot, where the labels used to read "Sep 2023 Apr 2024".
        let output = try await harness.run(["show", "122639", "--range", "3Y"], width: 80).output
        let axis = try #require(Self.axisLine(output))
        let gaps = Self.gapsBetweenLabels(axis)
        #expect(!gaps.isEmpty)
        #expect(gaps.allSatisfy { $0 >= DateAxis.gap }, "\(axis)")
        #expect(axis.trimmingCharacters(in: .whitespaces).hasPrefix("Sep 2023"))
        #expect(axis.hasSuffix("Sep 2026"))
    }

    @Test("labels never closer than 3 spaces at any width, over short and long spans")
    func everyWidth() {
        let start = CalendarDate(year: 2021, month: 1, day: 4)!.dayNumber
        for days in [20, 90, 400, 1100, 4000] {
            let xs = (0...days).filter { ($0 % 7) < 5 }.map { Double(start + $0) }
            for width in stride(from: 20, through: 100, by: 3) {
                let line = DateAxis.labels(xs, width: width)
                #expect(
                    Self.gapsBetweenLabels(line).allSatisfy { $0 >= DateAxis.gap },
                    "\(days) days, width \(width): \(line)")
                #expect(line.count <= width + 10)
            }
        }
    }
}

@Suite("shell completion of funds options")
struct CompletionTests {
    @Test("enumerated options complete their values, codes complete favourites, --svg completes .svg files")
    func completionScripts() throws {
        let zsh = FundsCommand.completionScript(for: .zsh)
        for values in [
            "'1M' '6M' '1Y' '3Y' '5Y' 'MAX'", "'equity' 'debt' 'hybrid' 'solution' 'other'", "'direct' 'regular'",
            "'growth' 'idcw'", "'1Y' '3Y' '5Y'",
        ] {
            #expect(zsh.contains(values), "\(values)")
        }
        #expect(zsh.contains("folio --offline funds favorites list --format csv"))
        #expect(zsh.contains("*.svg"))
        let bash = FundsCommand.completionScript(for: .bash)
        #expect(bash.contains("'1M'$'\\n''6M'$'\\n''1Y'$'\\n''3Y'$'\\n''5Y'$'\\n''MAX'"))
    }
}
