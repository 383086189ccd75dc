import Foundation

/// One tick of a ``Ticker``.
public struct Tick: Sendable, Hashable {
    /// 1 for the first tick after the ticker started, counting every interval since, including skipped ones.
    public let sequence: Int
    /// The ideal time of this tick, measured from when the ticker started.
    public let scheduled: Duration
}

/// One timer shared by every live view: each subscriber receives every tick, and the timer runs only
/// while somebody is subscribed.
///
/// Ticks are scheduled at absolute offsets from the start (`start + n × interval`), never as "interval
/// after the last wake-up", so lateness in one wake-up does not accumulate into drift. After a long stall
/// (a suspended laptop) missed ticks are skipped rather than delivered in a burst.
public actor Ticker {
    /// The time between ticks.
    public let interval: Duration
    private let clock: any Clock<Duration>
    private var subscribers: [UInt64: AsyncStream<Tick>.Continuation] = [:]
    private var nextSubscriberID: UInt64 = 0
    private var loop: Task<Void, Never>?
    private var loopGeneration = 0

    /// Creates a stopped ticker; it starts with the first subscriber.
    /// - Parameters:
    ///   - interval: The time between ticks, one second by default.
    ///   - clock: The clock to sleep on; a manual clock in tests.
    public init(interval: Duration = .seconds(1), clock: any Clock<Duration>) {
        precondition(interval > .zero, "a ticker needs a positive interval")
        self.interval = interval
        self.clock = clock
    }

    /// The number of current subscribers.
    public var subscriberCount: Int { subscribers.count }

    /// Whether the underlying timer is running.
    public var isRunning: Bool { loop != nil }

    /// Subscribes to ticks. The subscription ends when its iteration ends, its task is cancelled or
    /// ``unsubscribe(_:)`` is called; the last subscription to end stops the timer.
    public func subscribe() -> TickSubscription {
        let id = nextSubscriberID
        nextSubscriberID += 1
        let (stream, continuation) = AsyncStream.makeStream(of: Tick.self, bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.remove(id) }
        }
        subscribers[id] = continuation
        startIfNeeded()
        return TickSubscription(id: id, stream: stream)
    }

    /// Ends a subscription.
    public func unsubscribe(_ subscription: TickSubscription) {
        subscribers[subscription.id]?.finish()
        remove(subscription.id)
    }

    private func remove(_ id: UInt64) {
        guard subscribers.removeValue(forKey: id) != nil else { return }
        if subscribers.isEmpty {
            loop?.cancel()
            loop = nil
        }
    }

    private func startIfNeeded() {
        guard loop == nil else { return }
        loopGeneration += 1
        let generation = loopGeneration
        let clock = self.clock
        loop = Task { [weak self] in
            await self?.run(clock: clock, generation: generation)
        }
    }

    private func run<C: Clock>(clock: C, generation: Int) async where C.Duration == Duration {
        let start = clock.now
        var sequence = 0
        while !Task.isCancelled {
            sequence += 1
            let deadline = start.advanced(by: interval * sequence)
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            guard generation == loopGeneration, !Task.isCancelled else { return }
            let elapsed = start.duration(to: clock.now)
            let due = Int(elapsed / interval)
            sequence = max(sequence, due)
            broadcast(Tick(sequence: sequence, scheduled: interval * sequence))
        }
    }

    private func broadcast(_ tick: Tick) {
        for continuation in subscribers.values {
            continuation.yield(tick)
        }
    }
}

/// The ticks delivered to one subscriber of a ``Ticker``.
public struct TickSubscription: AsyncSequence, Sendable {
    /// A tick.
    public typealias Element = Tick

    let id: UInt64
    private let stream: AsyncStream<Tick>

    init(id: UInt64, stream: AsyncStream<Tick>) {
        self.id = id
        self.stream = stream
    }

    /// An iterator over the subscriber's ticks.
    public func makeAsyncIterator() -> AsyncStream<Tick>.Iterator {
        stream.makeAsyncIterator()
    }
}
