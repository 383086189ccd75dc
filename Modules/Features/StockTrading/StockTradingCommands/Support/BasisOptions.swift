import ArgumentParser
import StockTrading

extension CostBasisMethod: ExpressibleByArgument {}

/// `--basis average|fifo`, shared by the reports.
struct BasisOptions: ParsableArguments {
    @Option(help: "Cost basis for realized and unrealized P/L: average (as trades record it) or fifo.")
    var basis: CostBasisMethod = .average
}
