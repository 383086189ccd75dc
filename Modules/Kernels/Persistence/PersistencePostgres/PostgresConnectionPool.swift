import Logging
import NIOCore
import PostgresNIO

/// The open connections of one ``PostgresDatabase``: at most `limit`, each used by one transaction at a time.
///
/// A connection is opened when a transaction needs one and none is idle, and kept for the next. One that failed
/// is closed and forgotten, so a server restart costs the transactions that were running, not later ones.
actor PostgresConnectionPool {
    private let configuration: PostgresConnection.Configuration
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    private let limit: Int
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var nextID = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var closed = false

    init(
        configuration: PostgresConnection.Configuration, eventLoopGroup: any EventLoopGroup, logger: Logger,
        limit: Int
    ) {
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.limit = max(1, limit)
    }

    /// A process that ends without ``close()`` (a command returning) still closes its connections: PostgresNIO
    /// requires a connection to be closed before it is released, so each is kept until its close completes.
    deinit {
        for connection in idle {
            connection.close().whenComplete { _ in _ = connection }
        }
    }

    /// A connection for one transaction; give it back with ``checkIn(_:reusable:)``.
    func checkOut() async throws -> PostgresConnection {
        while true {
            if closed { throw PostgresPoolClosed() }
            while let connection = idle.popLast() {
                if !connection.isClosed { return connection }
                open -= 1
            }
            if open < limit {
                open += 1
                nextID += 1
                do {
                    return try await PostgresConnection.connect(
                        on: eventLoopGroup.any(), configuration: configuration, id: nextID, logger: logger)
                } catch {
                    open -= 1
                    wakeOne()
                    throw error
                }
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Returns a connection: kept for the next transaction when `reusable`, closed otherwise.
    func checkIn(_ connection: PostgresConnection, reusable: Bool) async {
        if reusable && !closed && !connection.isClosed {
            idle.append(connection)
        } else {
            open -= 1
            try? await connection.close()
        }
        wakeOne()
    }

    /// Closes every idle connection; transactions still running close theirs when they check them in.
    func close() async {
        closed = true
        let connections = idle
        idle = []
        open -= connections.count
        for connection in connections { try? await connection.close() }
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }
}

/// A transaction asked for a connection after ``PostgresDatabase/close()``.
struct PostgresPoolClosed: Error {}
