/// An older spelling of a feature's command line that the host rewrites before parsing, so that words people
/// typed before a command moved keep working (`folio stocks alerts add` became `folio alerts add stock`).
///
/// The feature that renamed the command owns the rewrite, so the host never names a feature's words.
public struct CommandAlias: Sendable {
    /// The command line to run instead of `arguments`, or nil when the alias does not apply.
    /// - Throws: ``Failures/FolioError`` (usage) for an old spelling that has no counterpart any more.
    public let rewrite: @Sendable (_ arguments: [String]) throws -> [String]?

    /// Creates an alias from its rewrite.
    public init(rewrite: @escaping @Sendable (_ arguments: [String]) throws -> [String]?) {
        self.rewrite = rewrite
    }
}
