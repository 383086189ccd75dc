import Foundation
import MarketData
import Money
import Timing

extension LivePrices {
    /// Saved holdings valued at the market's prices (`etf analyze --saved NAME --live`): a holding with a symbol
    /// gets the close on its analysis date as its current price (the saved one was that of the day it was saved)
    /// and the dividends paid while it was held; its purchase price is kept. Holdings without a symbol are as saved.
    /// - Throws: ``FolioError`` as ``fill(_:market:analysisDate:mode:)`` throws; ``PortfolioInputError`` when a
    ///   holding breaks a rule at the new analysis date.
    public static func refresh(
        _ holdings: [ETFHolding], market: MarketDataService, analysisDate: CalendarDate,
        mode: MarketDataService.Mode = .normal
    ) async throws -> (holdings: [ETFHolding], fills: [MarketFill]) {
        let fields = PortfolioField.allCases
        let rows = holdings.enumerated().map { index, holding in
            PortfolioTable.Row(
                line: index + 1,
                fields: [holding.symbol ?? ""]
                    + fields.map { field in
                        field == .currentPrice && holding.symbol != nil ? "" : holding.csvText(field)
                    })
        }
        let table = PortfolioTable(header: ["symbol"] + fields.map(\.csvName), rows: rows)
        let filled = try await fill(table, market: market, analysisDate: analysisDate, mode: mode)
        let document = try PortfolioReader.read(filled.table, defaultAnalysisDate: analysisDate)
        return (document.holdings, filled.fills)
    }
}
