import Foundation
import MarketData
import Money
import Networking
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Timing
import TimingTesting

/// The live transport with generous timeouts: they only end a test that has already failed.
func transport() -> any HTTPClient {
    AsyncHTTPClientTransport(
        configuration: .init(connectTimeout: .seconds(60), totalTimeout: .seconds(60), userAgent: "folio/test (Linux)"))
}

/// A fixed moment: 2024-10-14 20:00 UTC, a Monday evening in New York.
let testTiming = Timing.test(now: Date(timeIntervalSince1970: 1_728_936_000))

/// Starts a loopback server answering every request with `answer`, runs `body` with its URL, and stops it.
func withServer<T>(
    _ answer: @escaping @Sendable (LoopbackRequest) throws -> LoopbackResponse,
    _ body: (LoopbackServer) async throws -> T
) async throws -> T {
    let server = try await LoopbackServer.start { try answer($0) }
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}

func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

extension Amount {
    static func of(_ text: String) -> Amount { Amount(text)! }
}

/// The error `body` throws as a market-data refusal (nil when it throws nothing or something else).
func refusal(_ body: () async throws -> some Any) async -> MarketDataError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? MarketDataError
    }
}
