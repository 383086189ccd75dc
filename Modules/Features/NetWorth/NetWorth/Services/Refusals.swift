import Failures

extension FolioError {
    /// The refusal users see for a domain error: malformed text is a usage error, a refusal by the stored
    /// state keeps its kind, damaged data is a data error; the blamed input travels with it.
    ///
    /// Each service method catches and translates in its own `do`/`catch`: a generic wrapper taking the work as
    /// an async closure was miscompiled by Swift 6.3's debug build (the test process jumped to wild addresses).
    public init(_ error: NetWorthError) {
        let kind: FolioError.Kind =
            switch error.kind {
            case .malformed: .usage
            case .invalid: .invalid
            case .refused: .refused
            case .corrupt: .dataError
            }
        self.init(kind, error.what, why: error.why, hint: error.hint, field: error.field)
    }
}
