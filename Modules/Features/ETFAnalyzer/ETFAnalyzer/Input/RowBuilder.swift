import Money
import Timing

/// A value as a file gave it, before the rules are applied.
enum RawValue {
    /// Text from a CSV field or a JSON string.
    case text(String)
    /// A JSON number.
    case number(Amount)
    /// A JSON value of the wrong kind (`true`, an object), described for the message.
    case other(String)
    /// The column or key is absent, or the value is JSON null or an empty CSV field.
    case missing
}

/// Turns one row of raw values into a holding, collecting every problem in the row.
struct RowBuilder {
    /// The data row number, from 1.
    var row: Int
    /// The line the row starts on, for CSV.
    var line: Int?
    /// The column name as the file spells it.
    var columnName: (PortfolioField) -> String
    /// The default analysis date for the date-order rule; nil skips that rule for rows without their own date.
    var defaultAnalysisDate: CalendarDate?

    private(set) var issues: [InputIssue] = []

    init(
        row: Int, line: Int?, columnName: @escaping (PortfolioField) -> String, defaultAnalysisDate: CalendarDate?
    ) {
        self.row = row
        self.line = line
        self.columnName = columnName
        self.defaultAnalysisDate = defaultAnalysisDate
    }

    /// The holding, or nil when any value broke a rule (the problems are in ``issues``).
    mutating func build(_ values: (PortfolioField) -> RawValue) -> ETFHolding? {
        let name = text(.name, values(.name)).flatMap { value in
            attempt(.name) { () throws(FieldProblem) in try HoldingRules.name(value) }
        }
        let expenseRatio = number(.expenseRatio, values(.expenseRatio))
        let yield = number(.yield, values(.yield))
        let shares = number(.shares, values(.shares))
        let purchasePrice = number(.purchasePrice, values(.purchasePrice))
        let purchaseDate = date(.purchaseDate, values(.purchaseDate))
        let currentPrice = number(.currentPrice, values(.currentPrice))
        var analysisDate: CalendarDate?
        var analysisDateValid = true
        switch values(.analysisDate) {
        case .missing: break
        case let value:
            analysisDate = date(.analysisDate, value)
            analysisDateValid = analysisDate != nil
        }
        if let purchaseDate, analysisDateValid, let analysis = analysisDate ?? defaultAnalysisDate {
            let field: PortfolioField = analysisDate == nil ? .purchaseDate : .analysisDate
            _ = attempt(field) { () throws(FieldProblem) in
                try HoldingRules.checkOrder(purchase: purchaseDate, analysis: analysis, defaulted: analysisDate == nil)
            }
        }
        var assetClass: HoldingClass?
        switch values(.assetClass) {
        case .missing: break
        case let value:
            assetClass = text(.assetClass, value).flatMap { value in
                attempt(.assetClass) { () throws(FieldProblem) in try HoldingRules.assetClass(value) }
            }
        }
        guard issues.isEmpty, let name, let expenseRatio, let yield, let shares, let purchasePrice, let purchaseDate,
            let currentPrice
        else { return nil }
        return ETFHolding(
            name: name, expenseRatio: expenseRatio, yield: yield, shares: shares, purchasePrice: purchasePrice,
            purchaseDate: purchaseDate, currentPrice: currentPrice, analysisDate: analysisDate,
            assetClass: assetClass)
    }

    private mutating func text(_ field: PortfolioField, _ value: RawValue) -> String? {
        switch value {
        case .text(let text): return text
        case .number(let number): return "\(number)"
        case .other(let kind):
            report(field, "expected text, found \(kind)")
            return nil
        case .missing:
            report(field, "is missing — every ETF needs a \(field.label)")
            return nil
        }
    }

    private mutating func number(_ field: PortfolioField, _ value: RawValue) -> Amount? {
        switch value {
        case .text(let text):
            return attempt(field) { () throws(FieldProblem) in try HoldingRules.number(text, for: field) }
        case .number(let number):
            return attempt(field) { () throws(FieldProblem) in
                try HoldingRules.check(number, for: field)
                return number
            }
        case .other(let kind):
            report(field, "expected a number, found \(kind)")
            return nil
        case .missing:
            report(field, "is missing — write the \(field.label) as a number")
            return nil
        }
    }

    private mutating func date(_ field: PortfolioField, _ value: RawValue) -> CalendarDate? {
        switch value {
        case .text(let text):
            return attempt(field) { () throws(FieldProblem) in try HoldingRules.date(text, for: field) }
        case .number(let number):
            report(field, "expected a date as \"YYYY-MM-DD\", found the number \(number)")
            return nil
        case .other(let kind):
            report(field, "expected a date as \"YYYY-MM-DD\", found \(kind)")
            return nil
        case .missing:
            report(field, "is missing — write the \(field.label) as YYYY-MM-DD")
            return nil
        }
    }

    private mutating func attempt<T>(_ field: PortfolioField, _ body: () throws(FieldProblem) -> T) -> T? {
        do {
            return try body()
        } catch {
            report(field, error.message)
            return nil
        }
    }

    private mutating func report(_ field: PortfolioField, _ message: String) {
        issues.append(InputIssue(row: row, line: line, column: columnName(field), message: message))
    }
}
