import Foundation
import Money
import Timing

/// Balance updates read from CSV, for moving a history in from a spreadsheet or another app.
///
/// The header names the columns, in any order: `account`, `date` (YYYY-MM-DD) and `amount` are required;
/// `note`, `type` and `currency` are optional. A row for an account that does not exist creates it when
/// the row has a `type` (and optionally a `currency`, default GBP); otherwise it is an error.
public struct BalanceImport: Sendable {
    /// One row of the file.
    public struct Row: Sendable, Hashable {
        /// The line it started on, for messages.
        public var line: Int
        /// The account's name.
        public var account: String
        /// The update.
        public var update: BalanceUpdate
        /// The type to create the account with, when it does not exist.
        public var type: AccountType?
        /// The currency to create the account with.
        public var currency: String?
    }

    /// One data row as the file's CSV reader split it.
    public struct Record: Sendable, Hashable {
        /// The line of the file the row starts on.
        public var line: Int
        /// The row's fields, unquoted, as many as the row has.
        public var fields: [String]

        /// Creates a record.
        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// The rows in file order.
    public var rows: [Row]

    /// Reads the rows of a CSV file already split into fields (splitting is the plug-in's CSV reader's job,
    /// so every feature reads CSV the same way).
    /// - Parameters:
    ///   - header: The header row's fields; empty for an empty file.
    ///   - records: The data rows, each with the line it starts on.
    /// - Throws: ``NetWorthError`` (malformed) naming the line and column of the first bad field.
    public init(header: [String], records: [Record]) throws(NetWorthError) {
        guard !header.isEmpty else {
            throw NetWorthError(
                .malformed, "the file is empty", hint: "the first line names the columns: account,date,amount")
        }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String, required: Bool) throws(NetWorthError) -> Int? {
            let index = names.firstIndex(of: name)
            if required && index == nil {
                throw NetWorthError(
                    .malformed, "the header has no \"\(name)\" column",
                    why: "found \(header.joined(separator: ","))",
                    hint: "the columns are account,date,amount[,note,type,currency]")
            }
            return index
        }
        let accountColumn = try column("account", required: true)!
        let dateColumn = try column("date", required: true)!
        let amountColumn = try column("amount", required: true)!
        let noteColumn = try column("note", required: false)
        let typeColumn = try column("type", required: false)
        let currencyColumn = try column("currency", required: false)
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        for record in records {
            func field(_ index: Int?) -> String? {
                guard let index, index < record.fields.count else { return nil }
                let value = record.fields[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            let line = record.line
            guard let account = field(accountColumn) else {
                throw NetWorthError(.malformed, "line \(line): the account is empty")
            }
            guard let dateText = field(dateColumn), let date = CalendarDate(iso8601: dateText) else {
                throw NetWorthError(
                    .malformed, "line \(line): \"\(field(dateColumn) ?? "")\" is not a date",
                    why: "dates are written YYYY-MM-DD")
            }
            guard let amountText = field(amountColumn), let amount = try? Amount(parsing: amountText, options: .balance)
            else {
                throw NetWorthError(.malformed, "line \(line): \"\(field(amountColumn) ?? "")\" is not an amount")
            }
            var type: AccountType?
            if let text = field(typeColumn) {
                guard let parsed = AccountType(spelling: text) else {
                    throw NetWorthError(
                        .malformed, "line \(line): unknown account type \"\(text)\"",
                        why: "expected one of \(AccountType.spellings)")
                }
                type = parsed
            }
            rows.append(
                Row(
                    line: line, account: account,
                    update: BalanceUpdate(date: date, amount: amount, note: field(noteColumn)),
                    type: type, currency: field(currencyColumn)))
        }
        self.rows = rows
    }
}

/// What an import changed.
public struct ImportOutcome: Sendable, Hashable {
    /// The names of the accounts it created.
    public var createdAccounts: [String] = []
    /// Updates on dates the account had no balance for.
    public var added = 0
    /// Updates that replaced the balance of their date.
    public var replaced = 0
}
