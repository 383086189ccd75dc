/// The CSV form of a portfolio as the plug-in's CSV reader split it: the header and each data row with the
/// line it starts on. Splitting CSV text is not the domain's job; validating what the fields say is.
public struct PortfolioTable: Sendable, Hashable {
    /// One data row.
    public struct Row: Sendable, Hashable {
        /// The line of the file the row starts on.
        public var line: Int
        /// The row's fields, unquoted, as many as the row has (which may differ from the header's count).
        public var fields: [String]

        /// Creates a row.
        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// The header's fields; empty when the file has no header (nothing but blank and comment lines).
    public var header: [String]
    /// The line the header is on.
    public var headerLine: Int
    /// The data rows, in file order; blank and comment lines are already left out.
    public var rows: [Row]

    /// Creates a table.
    public init(header: [String], headerLine: Int = 1, rows: [Row]) {
        self.header = header
        self.headerLine = headerLine
        self.rows = rows
    }
}
