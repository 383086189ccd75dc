import Failures

extension FolioError {
    /// The refusal users see for a domain error: malformed text is a usage error, a refusal by the stored
    /// state keeps its kind, damaged data is a data error; the blamed input travels with it.
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

/// Runs a service's work, turning ``NetWorthError`` into ``FolioError``; other errors (the store's) pass through.
///
/// `work` is escaping so its context lives on the heap: a non-escaping async closure's context may sit on the
/// calling thread's stack, and on Linux (Swift 6.3, debug) resuming it on another thread crashed.
func refusing<T>(_ work: @escaping () async throws -> T) async throws -> T {
    do {
        return try await work()
    } catch let error as NetWorthError {
        throw FolioError(error)
    }
}
