import Money

/// What the net-worth services need to follow accounts linked to other features' values, given by whoever
/// builds the dependencies (the host adapts its registry's sources); the domain knows no feature and no plug-in.
public struct LinkedSources: Sendable {
    /// Checks that a source can be linked and reads it once; throws a `FolioError` blaming field `source` when
    /// the name is malformed, names nothing or belongs to a disabled feature.
    public var check: @Sendable (_ source: String) async throws -> SourceReading
    /// The current reading of a source; what cannot be read says why instead of throwing.
    public var read: @Sendable (_ source: String) async -> SourceReading
    /// The currency a source's kind values in, known before it has a value (`funds:portfolio` → INR); nil when
    /// the kind does not say.
    public var currency: @Sendable (_ source: String) -> String?

    /// Creates the capability from its operations.
    public init(
        check: @escaping @Sendable (_ source: String) async throws -> SourceReading,
        read: @escaping @Sendable (_ source: String) async -> SourceReading,
        currency: @escaping @Sendable (_ source: String) -> String? = { _ in nil }
    ) {
        self.check = check
        self.read = read
        self.currency = currency
    }

    /// No sources at all: a link cannot be made, and a linked account reads as unavailable.
    public static let none = LinkedSources(
        check: { source in
            throw NetWorthError(
                .refused, "there is no source \(source)", why: "no value sources are available here",
                field: "source")
        },
        read: { _ in .unavailable("no value sources are available here") })
}
