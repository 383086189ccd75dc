import Failures
import Foundation
import MarketData
import Money
import Timing

/// Fills a portfolio's empty prices from the market (`etf analyze --live`): a row with a `symbol` and no
/// purchase or current price gets the close on its purchase date and on its analysis date (each the last trading
/// day on or before it), and every row with a symbol gets the dividends actually paid per share while it was held.
/// Typed prices win. The filled table is then read by the same rules as a file.
public enum LivePrices {
    /// The header name of the symbol column.
    static let symbolHeaders: Set<String> = ["symbol"]

    /// A symbol as a file gives it, trimmed and upper-cased; nil when empty.
    static func symbol(_ text: String) -> String? {
        let symbol = HoldingRules.trim(text).uppercased()
        return symbol.isEmpty ? nil : symbol
    }

    /// Whether a CSV header or JSON key names the symbol column.
    static func isSymbolHeader(_ name: String) -> Bool {
        symbolHeaders.contains(HoldingRules.trim(name).lowercased())
    }

    /// More rows than a caller lets one portfolio have priced: refused before any request goes out.
    public struct TooManyRows: Error, Sendable, Equatable {
        /// The portfolio's rows.
        public var count: Int
        /// The most allowed.
        public var maximum: Int
    }

    /// `table` with its empty prices filled, and what was filled for each row with a symbol.
    /// - Parameters:
    ///   - analysisDate: The run's analysis date, for rows without their own.
    ///   - maximumRows: The most rows to price (a server's bound on the requests one page may cause).
    /// - Throws: ``TooManyRows`` beyond `maximumRows`; ``FolioError``: the provider's refusal naming the symbol (not
    ///   found for an unknown symbol, unavailable when nothing is stored and no provider answers); not found (field
    ///   `purchase_date`) when the provider has no close on or before a row's day.
    public static func fill(
        _ table: PortfolioTable, market: MarketDataService, analysisDate: CalendarDate,
        mode: MarketDataService.Mode = .normal, maximumRows: Int = .max
    ) async throws -> (table: PortfolioTable, fills: [MarketFill]) {
        guard table.rows.count <= maximumRows else {
            throw TooManyRows(count: table.rows.count, maximum: maximumRows)
        }
        let names = table.header.map { $0.lowercased() }
        guard let symbolColumn = names.firstIndex(where: { symbolHeaders.contains($0) }) else { return (table, []) }
        var header = table.header
        func column(_ field: PortfolioField) -> Int {
            if let index = table.header.firstIndex(where: { PortfolioField(header: $0) == field }) { return index }
            header.append(field.csvName)
            return header.count - 1
        }
        let purchasePrice = column(.purchasePrice)
        let currentPrice = column(.currentPrice)
        let purchaseDate = table.header.firstIndex { PortfolioField(header: $0) == .purchaseDate }
        let ownDate = table.header.firstIndex { PortfolioField(header: $0) == .analysisDate }
        let shares = table.header.firstIndex { PortfolioField(header: $0) == .shares }
        var rows = table.rows
        var fills: [MarketFill] = []
        for (index, row) in table.rows.enumerated() {
            var fields = row.fields + Array(repeating: "", count: max(0, header.count - row.fields.count))
            let symbol = fields[symbolColumn].trimmingCharacters(in: .whitespaces).uppercased()
            guard !symbol.isEmpty, let bought = purchaseDate.flatMap({ CalendarDate(iso8601: fields[$0]) }) else {
                continue
            }
            let until = ownDate.flatMap { CalendarDate(iso8601: fields[$0]) } ?? analysisDate
            guard bought <= until else { continue }
            let reading: HistoryReading
            do {
                // A week before the purchase, so a weekend or holiday finds the trading day before it.
                reading = try await market.history(symbol, from: bought.adding(days: -7), to: until, mode: mode)
            } catch let error as MarketDataError {
                throw error.folioError
            }
            let history = reading.history
            var fill = MarketFill(
                row: index + 1, symbol: symbol, provider: reading.provider, currency: history.currency,
                purchasePrice: nil, purchasePriceDate: nil, currentPrice: nil, currentPriceDate: nil,
                dividendsPerShare: .zero, dividendIncome: .zero, fetchedAt: reading.fetchedAt, stale: reading.isStale)
            if fields[purchasePrice].trimmingCharacters(in: .whitespaces).isEmpty {
                let bar = try close(history, on: bought, symbol: symbol, provider: reading.provider)
                fields[purchasePrice] = "\(bar.close)"
                (fill.purchasePrice, fill.purchasePriceDate) = (bar.close, bar.date)
            }
            if fields[currentPrice].trimmingCharacters(in: .whitespaces).isEmpty {
                let bar = try close(history, on: until, symbol: symbol, provider: reading.provider)
                fields[currentPrice] = "\(bar.close)"
                (fill.currentPrice, fill.currentPriceDate) = (bar.close, bar.date)
            }
            let paid = history.dividends.filter { $0.exDate > bought && $0.exDate <= until }
            fill.dividendsPerShare = try paid.reduce(Amount.zero) { try $0 + $1.amountPerShare }
            if let held = shares.flatMap({ Amount(fields[$0].trimmingCharacters(in: .whitespaces)) }) {
                fill.dividendIncome =
                    (try? held.multiplied(by: fill.dividendsPerShare, rounding: .halfEven).rounded(
                        toPlaces: 2, .halfEven))
                    ?? .zero
            }
            rows[index].fields = fields
            fills.append(fill)
        }
        return (PortfolioTable(header: header, headerLine: table.headerLine, rows: rows), fills)
    }

    private static func close(
        _ history: PriceHistory, on day: CalendarDate, symbol: String, provider: String
    ) throws -> DailyBar {
        guard let bar = history.bar(onOrBefore: day), bar.date.days(to: day) <= 7 else {
            throw FolioError(
                .notFound, "no price for \(symbol) on \(day)", why: "\(provider) has no close on or before it",
                hint: "type the price in the file", field: "purchase_date")
        }
        return bar
    }
}
