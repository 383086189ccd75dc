import Foundation
import Synchronization

/// Values decoded from stored records, kept between reads for as long as the record's bytes are unchanged.
///
/// A long-lived reader (a server's pages) reads the same large records again and again; decoding them is most of
/// what a page costs. The store is still read every time, so a record another process rewrote, deleted or
/// re-stamped is seen at once: a value is reused only when the bytes just read are equal to the bytes it was decoded
/// from, which makes a reused value exactly what decoding would have produced. The least recently used values are
/// dropped beyond ``capacity``.
public final class DecodedRecords: Sendable {
    private struct Slot {
        var bytes: Data
        var value: any Sendable
        var lastUse: UInt64
    }

    private struct Identity: Hashable {
        var type: ObjectIdentifier
        var key: String
    }

    private struct State {
        var slots: [Identity: Slot] = [:]
        var uses: UInt64 = 0
    }

    /// How many decoded values are kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates an empty memory of at most `capacity` values.
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// The value of `record` as `decode` reads it: the kept one when the record's bytes are those it was decoded
    /// from, else decoded now and kept.
    public func value<T: Sendable>(
        _ type: T.Type, of record: RawRecord, decode: (Data) throws -> T
    ) rethrows -> T {
        let identity = Identity(type: ObjectIdentifier(type), key: record.key)
        let kept: T? = state.withLock { state in
            guard var slot = state.slots[identity], slot.bytes == record.value, let value = slot.value as? T else {
                return nil
            }
            state.uses += 1
            slot.lastUse = state.uses
            state.slots[identity] = slot
            return value
        }
        if let kept { return kept }
        let value = try decode(record.value)
        state.withLock { state in
            state.uses += 1
            state.slots[identity] = Slot(bytes: record.value, value: value, lastUse: state.uses)
            if state.slots.count > capacity,
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.slots.removeValue(forKey: oldest)
            }
        }
        return value
    }

    /// How many values are kept now.
    public var count: Int { state.withLock { $0.slots.count } }
}
