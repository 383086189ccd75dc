import AlertRules
import Alerting
import FeatureKitTesting
import Foundation
import Networking
import NetworkingAsyncHTTPClient
import NetworkingTesting
import Persistence
import Testing

/// Decodes a header of RFC 2047 `B` encoded-words the way a receiver such as ntfy does: each word's base64 in
/// UTF-8, the spaces between adjacent words dropped; any other text kept as it is.
func decodedEncodedWords(_ header: String) -> String? {
    let words = header.split(separator: " ", omittingEmptySubsequences: false)
    guard words.allSatisfy({ $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }) else { return header }
    var bytes = Data()
    for word in words {
        guard let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) else { return nil }
        bytes.append(data)
    }
    return String(data: bytes, encoding: .utf8)
}

@Suite("Webhook titles beyond ASCII")
struct NonASCIITitleTests {
    @Test("a title with £ arrives at a loopback receiver as encoded-words that decode to the exact title")
    func poundSign() async throws {
        let receiver = try await WebhookReceiver.start()
        defer { Task { await receiver.server.stop() } }
        let transport = AsyncHTTPClientTransport(configuration: .init(userAgent: "folio-tests"))
        defer { Task { try? await transport.shutdown() } }
        let store = InMemoryDatabase().store(namespace: AlertStore.namespace)
        let source = ProbeSource()
        // Long enough for two words: each stays within the RFC's 75 characters.
        let key = "Net worth reached £250,000.00 — the savings target, at last, for the whole household"
        source.hold(key)
        _ = try await AlertStore(store: store).add(try Probe.definition(), featureID: "probe", at: Date())
        let engine = Probe.engine(store: store, source: source, http: transport, webhook: try receiver.webhook())
        var delivered = try await engine.check().delivered
        // A full parallel run can starve the in-process receiver past the client's read timeout: the firing
        // stays queued, and the next delivery sends it again under the same key, as a check would.
        for _ in 0..<5 where delivered.isEmpty { delivered = try await engine.deliver().delivered }
        #expect(delivered.count == 1)
        let header = try #require(receiver.log.titles.last)
        #expect(Set(receiver.log.titles).count == 1, "every delivery carries the same title")
        #expect(header.hasPrefix("=?UTF-8?B?"), "\(header)")
        #expect(header.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(header.split(separator: " ").count > 1)
        #expect(header.split(separator: " ").allSatisfy { $0.count <= 75 })
        #expect(decodedEncodedWords(header) == "probe \(key)")
    }

    @Test("an ASCII title is sent as it is; a line break becomes a space")
    func asciiKept() throws {
        let webhook = try Webhook("https://ntfy.example.com/folio", origin: "test")
        let firing = Firing(
            key: "k-1", alertID: 1, kind: "stock", title: "AAPL rose to $180.00\nnow", body: "b", link: nil,
            firedAt: Date())
        #expect(webhook.request(for: firing).headers["Title"] == "AAPL rose to $180.00 now")
    }
}
