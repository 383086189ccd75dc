import Caching
import Failures
import Foundation
import MarketData
import Timing

extension PortfolioService {
    /// `symbol`'s quote, daily closes over `range`, dividends and splits, and `owner`'s position in it.
    /// - Throws: ``FolioError``: invalid (field `symbol`) for a malformed symbol; usage without market data; the
    ///   provider's refusal (not found for an unknown symbol, unavailable when nothing is stored and no provider
    ///   answers).
    public func symbol(
        _ symbol: String, range: ChartRange = .oneYear, for owner: Session? = nil, mode: FetchMode = .normal
    ) async throws -> SymbolReport {
        let symbol = try Self.checkedSymbol(symbol)
        guard let marketData = market.marketData else {
            throw FolioError(
                .usage, "no chart for \(symbol)", why: "charts come from a market data provider",
                hint: "choose one with FOLIO_MARKET (yahoo, alphavantage or simulated)")
        }
        let marketMode = MarketService.marketMode(mode)
        let today = CalendarDate(timing.now(), in: timeZone)
        let reading: QuoteReading
        let history: HistoryReading
        do {
            reading = try await marketData.quote(symbol, mode: marketMode)
            history = try await marketData.history(
                symbol, from: range.start(before: today), to: today, mode: marketMode)
        } catch let error as MarketDataError {
            throw error.folioError
        }
        var position: SymbolReport.Position?
        if let owner,
            let holding = try await portfolio(for: owner, mode: mode).report.holdings.first(where: {
                $0.symbol == symbol
            })
        {
            position = SymbolReport.Position(
                quantity: holding.quantity, averageCost: holding.averageCost, value: holding.value,
                unrealizedPL: holding.unrealizedPL)
        }
        return SymbolReport(reading: reading, history: history, range: range, position: position)
    }

    /// `symbol` upper-cased, when it is one a market could list: letters, digits and `. - ^ =` (`BRK-B`,
    /// `^GSPC`, `GBPUSD=X`, `VOD.L`), at most 20 characters.
    static func checkedSymbol(_ text: String) throws -> String {
        let symbol = text.trimmingCharacters(in: .whitespaces).uppercased()
        let allowed = symbol.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || ".-^=".contains($0) }
        guard !symbol.isEmpty, symbol.count <= 20, allowed else {
            throw FolioError(
                .invalid, "invalid symbol \"\(text)\"",
                why: "a symbol is letters, digits and . - ^ = (AAPL, BRK-B, VOD.L, ^GSPC)", field: "symbol")
        }
        return symbol
    }
}
