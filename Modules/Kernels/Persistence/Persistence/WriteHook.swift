import Foundation

/// A step that every write transaction of a task runs, in that transaction, just before it commits — when the
/// transaction wrote something, and on a namespace of its own of the same database: how `folio serve` records,
/// atomically with a form's own writes, that the form was applied, so that a retry after a crash between the
/// commit and the answer knows (and a copy that took the form over meanwhile fails the write instead of both
/// applying it).
///
/// Every backend runs it (in memory, SQLite, PostgreSQL); a transaction on ``namespace`` itself does not, and
/// neither does one that only read.
public struct WriteHook: Sendable {
    /// The hook of the running task, if any: set with `WriteHook.$current.withValue(_:operation:)`.
    @TaskLocal public static var current: WriteHook?

    /// The namespace ``step`` works in.
    public let namespace: String
    /// The step, given a transaction on ``namespace``; what it throws rolls the whole transaction back.
    public let step: @Sendable (any StoreTransaction) throws -> Void

    /// Creates a hook running `step` on `namespace`.
    public init(namespace: String, step: @escaping @Sendable (any StoreTransaction) throws -> Void) {
        self.namespace = namespace
        self.step = step
    }

    /// Whether a write transaction on `namespace` runs the hook.
    public func applies(to namespace: String) -> Bool { namespace != self.namespace }
}
