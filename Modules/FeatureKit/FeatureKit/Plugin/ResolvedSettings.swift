import Failures
import Synchronization

/// Each feature's settings, resolved from its configuration once for the process's lifetime.
///
/// A configuration does not change while folio runs (a server needs a restart for a changed `config.json`), so a
/// page, or a value source read on every page, need not parse the same text into URLs and durations each time; a
/// malformed setting is remembered as the same refusal.
public final class ResolvedSettings: Sendable {
    private struct Identity: Hashable {
        var type: ObjectIdentifier
        var feature: String
    }

    private let resolved = Mutex<[Identity: Result<any Sendable, FolioError>]>([:])

    /// Creates an empty memory.
    public init() {}

    /// The settings of type `type` for `feature`: resolved by `resolve` the first time, the same value after.
    /// - Throws: ``FolioError`` the refusal `resolve` gave the first time.
    public func settings<T: Sendable>(
        _ type: T.Type, feature: String, resolve: () throws -> T
    ) throws(FolioError) -> T {
        let identity = Identity(type: ObjectIdentifier(type), feature: feature)
        if let kept = resolved.withLock({ $0[identity] }) { return try Self.unwrap(kept, as: type) }
        // Resolved outside the lock: two first views may both resolve, and both get the same value.
        let outcome: Result<any Sendable, FolioError>
        do {
            outcome = .success(try resolve())
        } catch {
            outcome = .failure(FolioError.from(error))
        }
        resolved.withLock { $0[identity] = outcome }
        return try Self.unwrap(outcome, as: type)
    }

    private static func unwrap<T>(_ outcome: Result<any Sendable, FolioError>, as type: T.Type) throws(FolioError) -> T
    {
        switch outcome {
        case .success(let value as T): return value
        case .success: preconditionFailure("settings kept under \(T.self) are of another type")
        case .failure(let error): throw error
        }
    }
}
