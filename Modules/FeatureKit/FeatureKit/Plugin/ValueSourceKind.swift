import Failures
import Money

/// One kind of value source a plug-in contributes, named `<feature>:<kind>` or `<feature>:<kind>/<argument>`
/// (`stocks:portfolio/test@stockport.com`, `funds:portfolio`): declared data the host collects from the
/// registry, so a feature can follow another's value without importing it.
public struct ValueSourceKind: Sendable {
    /// The kind's word after the feature's id (`portfolio`, `saved`).
    public let name: String
    /// What the argument after `/` names, in capitals for help (`EMAIL`, `NAME`); nil when the kind takes none.
    public let argument: String?
    /// One line for help and listings.
    public let summary: String
    /// The ISO 4217 currency every value of this kind is in (`USD`, `INR`), known before the source has a value, so
    /// that an account following an empty source keeps the source's currency; nil when it varies by argument.
    public let currency: String?
    /// Reads the current value with the contributing feature's own context: nil when there is nothing to value.
    /// Throws a ``FolioError``: `notFound` when the argument names nothing, `unavailable` when a service is down.
    public let read: @Sendable (_ argument: String?, _ context: FeatureContext) async throws -> SourcedValue?
    /// The arguments that name something now (every paper account's email, every saved portfolio's name), so the
    /// host can list the sources a household has; nil for a kind without an argument, whose one source is itself.
    public private(set) var instances: (@Sendable (_ context: FeatureContext) async throws -> [String])?

    /// Declares a kind.
    public init(
        name: String, argument: String? = nil, summary: String, currency: String? = nil,
        read: @escaping @Sendable (_ argument: String?, _ context: FeatureContext) async throws -> SourcedValue?
    ) {
        self.name = name
        self.argument = argument
        self.summary = summary
        self.currency = currency
        self.read = read
    }

    /// The kind with `list` naming the arguments that name something now (``instances``).
    public func listing(
        _ list: @escaping @Sendable (_ context: FeatureContext) async throws -> [String]
    ) -> ValueSourceKind {
        var kind = self
        kind.instances = list
        return kind
    }

    /// The pattern of its names under `feature` (`stocks:portfolio/<EMAIL>`).
    public func pattern(feature: String) -> String {
        "\(feature):\(name)" + (argument.map { "/<\($0)>" } ?? "")
    }
}
