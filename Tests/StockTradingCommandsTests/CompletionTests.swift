import ArgumentParser
import Testing

@testable import StockTradingCommands

@Suite struct StocksCompletionTests {
    @Test func symbolsBasisSidesAndSVGFilesAreCompleted() {
        let script = StocksCommand.completionScript(for: .bash)
        for word in ["AAPL", "NVDA", "INTC", "fifo", "withdrawal", "svg"] {
            #expect(script.contains(word), "\(word)")
        }
    }
}
