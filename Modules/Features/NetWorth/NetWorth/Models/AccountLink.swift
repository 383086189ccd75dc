import Timing

/// An account that follows a value source: its current balance is read from `source` (`funds:portfolio`,
/// `stocks:portfolio/test@stockport.com`) and each sync records it when it changed.
public struct AccountLink: Sendable, Hashable, Codable {
    /// The source's name.
    public var source: String
    /// The day the link was made.
    public var linkedOn: CalendarDate

    /// Creates a link.
    public init(source: String, linkedOn: CalendarDate) {
        self.source = source
        self.linkedOn = linkedOn
    }
}
