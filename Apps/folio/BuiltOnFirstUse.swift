import Synchronization

/// A value built the first time it is asked for, so a command never pays for a kernel it does not use.
/// A failure to build is kept and thrown again on every later use.
final class BuiltOnFirstUse<Value: Sendable>: Sendable {
    private let make: @Sendable () throws -> Value
    private let built = Mutex<Result<Value, any Error>?>(nil)

    init(_ make: @escaping @Sendable () throws -> Value) { self.make = make }

    func value() throws -> Value {
        try built.withLock { built in
            if let built { return try built.get() }
            let result = Result { try make() }
            built = result
            return try result.get()
        }
    }
}
