import Foundation
import MarketData
import Money
import Timing

extension LivePrices {
    /// The JSON form of a portfolio read with its empty prices filled from the market, as ``fill(_:market:analysisDate:mode:)``
    /// fills a table: an object with a `symbol` key and a missing, null or empty `purchasePrice` or `currentPrice`
    /// gets the close on its purchase or analysis date. The filled objects are then read by the JSON rules, so a
    /// problem is still named by its row and key.
    /// - Throws: ``PortfolioInputError`` for the document's problems; what the table's fill throws (``TooManyRows``
    ///   beyond `maximumRows` elements).
    public static func read(
        json text: String, market: MarketDataService, analysisDate: CalendarDate,
        mode: MarketDataService.Mode = .normal, maximumRows: Int = .max
    ) async throws -> (document: PortfolioDocument, fills: [MarketFill]) {
        var elements = try JSONPortfolioReader.elements(text)
        let columns: [PortfolioField?] = [nil, .purchaseDate, .analysisDate, .shares, .purchasePrice, .currentPrice]
        // One table row per element, so a fill's row is its element's.
        let rows = elements.enumerated().map { index, element in
            PortfolioTable.Row(line: index + 1, fields: columns.map { field in cell(element, field) })
        }
        let header = ["symbol"] + columns.dropFirst().map { $0!.csvName }
        let (_, fills) = try await fill(
            PortfolioTable(header: header, rows: rows), market: market, analysisDate: analysisDate, mode: mode,
            maximumRows: maximumRows)
        for fill in fills {
            guard case .object(var members) = elements[fill.row - 1] else { continue }
            if let price = fill.purchasePrice { set(.purchasePrice, to: price, in: &members) }
            if let price = fill.currentPrice { set(.currentPrice, to: price, in: &members) }
            elements[fill.row - 1] = .object(members)
        }
        return (try JSONPortfolioReader.validate(elements, defaultAnalysisDate: analysisDate), fills)
    }

    /// The text of `field` (the symbol for nil) in `element`: empty when absent, null or not an object; a value of
    /// the wrong kind stands as itself so it is not filled over and its problem is still reported.
    private static func cell(_ element: JSONPortfolioElement, _ field: PortfolioField?) -> String {
        guard case .object(let members) = element,
            let value = members.first(where: { member in
                if let field { return PortfolioField(header: member.key) == field }
                return isSymbolHeader(member.key)
            })?.value
        else { return "" }
        switch value {
        case .text(let text): return text
        case .number(let number): return "\(number)"
        case .other(let description): return description
        case .missing: return ""
        }
    }

    /// `members` with `field`'s value replaced by `price` (under the key the file used, else the JSON name).
    private static func set(
        _ field: PortfolioField, to price: Amount, in members: inout [(key: String, value: RawValue)]
    ) {
        if let index = members.firstIndex(where: { PortfolioField(header: $0.key) == field }) {
            members[index].value = .number(price)
        } else {
            members.append((field.jsonName, .number(price)))
        }
    }
}
