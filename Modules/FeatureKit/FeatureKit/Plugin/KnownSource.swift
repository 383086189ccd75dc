import Money

/// A source the host can read now, by its full name, with what reading it gave: what a page offers to link an
/// account to, and what a household overview allocates.
public struct KnownSource: Sendable, Hashable {
    /// The full name (`stocks:portfolio/test@stockport.com`).
    public var name: String
    /// The kind's one line (`cash + holdings of that paper account at current prices (USD)`).
    public var summary: String
    /// What reading it gave.
    public var reading: SourceReading

    /// Creates one.
    public init(name: String, summary: String, reading: SourceReading) {
        self.name = name
        self.summary = summary
        self.reading = reading
    }

    /// Its value, when reading it gave one.
    public var value: SourcedValue? {
        if case .value(let value) = reading { return value }
        return nil
    }
}
