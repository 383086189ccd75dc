import AlertRules
import Alerting
import Failures
import Money
import Testing

@Suite("Alert input: thresholds and webhook URLs")
struct InputTests {
    @Test(
        "a negative, zero, absurd or non-numeric level is refused beside its field, in words naming no flag",
        arguments: ["-85", "0", "100000001", "85abc", "1e9"])
    func badLevel(_ text: String) {
        #expect(throws: FolioError.self) {
            try AlertThreshold.level(text, field: "below", maximum: Amount(100_000_000))
        }
        do {
            _ = try AlertThreshold.level(text, field: "below", maximum: Amount(100_000_000))
        } catch let error as FolioError {
            #expect(error.kind == .invalid)
            #expect(error.field == "below")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("levels and percentages that make sense are read exactly")
    func goodInput() throws {
        #expect(try AlertThreshold.level("85.5", field: "below", maximum: Amount(1_000)) == Amount(855, places: 1))
        #expect(
            try AlertThreshold.level("-2500", field: "below", maximum: Amount(10_000), allowsNegative: true)
                == Amount(-2500))
        #expect(try AlertThreshold.percent("3%", field: "move") == Amount(3))
        #expect(throws: FolioError.self) { try AlertThreshold.percent("0", field: "move") }
        #expect(throws: FolioError.self) { try AlertThreshold.percent("150%", field: "drawdown") }
    }

    @Test(
        "a malformed webhook URL is refused as usage",
        arguments: ["not a url", "ftp://example.com/x", "https://", "/relative/path"])
    func badWebhook(_ text: String) {
        do {
            _ = try Webhook(text, origin: "--notify")
            Issue.record("\(text) was accepted")
        } catch let error as FolioError {
            #expect(error.kind == .usage)
            #expect(error.what.hasPrefix("--notify"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("plain http to another machine is allowed with a warning; loopback and https are not warned about")
    func plainHTTP() throws {
        #expect(
            try Webhook("http://ntfy.example.com/folio", origin: "--notify").warning?.contains("unencrypted") == true)
        #expect(try Webhook("http://127.0.0.1:8080/folio", origin: "--notify").warning == nil)
        #expect(try Webhook("http://localhost/folio", origin: "--notify").warning == nil)
        #expect(try Webhook("https://ntfy.sh/folio", origin: "--notify").warning == nil)
    }
}
