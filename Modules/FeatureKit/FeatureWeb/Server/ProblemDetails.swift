import Failures

/// The body of an API refusal: RFC 9457 problem details with Folio's own members (`kind`, `hint`, `field`), the
/// same value the terminal prints as `error:` and `hint:` lines.
public struct ProblemDetails: Codable, Sendable, Equatable {
    /// What failed, in the user's words.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// Why it failed, when known.
    public var detail: String?
    /// The refusal's kind (`invalid`, `notFound`, `refused`, `unavailable`, …).
    public var kind: FolioError.Kind
    /// What to do about it.
    public var hint: String?
    /// The input the refusal blames (`quantity`, `symbol`, `amount`, `date`, `file`).
    public var field: String?

    /// The problem for a refusal answered with `status`.
    public init(_ error: FolioError, status: Int) {
        title = error.what
        self.status = status
        detail = error.why
        kind = error.kind
        hint = error.hint
        field = error.field
    }
}
