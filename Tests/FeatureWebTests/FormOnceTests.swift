import FeatureWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// One-time form tokens in process: the same post answered as the first was, exactly (its redirect and its
/// message), and a form sent back by an outage keeping its token.
extension ServeOperationsTests {
    @Test("the same post twice: handled once, the second answered with the first's redirect and message")
    func samePostTwice() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            let body = form("\(FormOnce.fieldName)=token-one-1234&name=Once")
            var first: (HTTPResponse.Status, String?)?
            for _ in 0..<2 {
                try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: body) { response in
                    let answer = (response.status, response.headers[.location])
                    if let first { #expect(answer == first) } else { first = answer }
                }
            }
            #expect(first?.0 == .seeOther && first?.1 == "/items")
            // A header token (a JSON caller's) counts as the form's.
            var headers = formHeaders
            headers[HTTPField.Name(FormOnce.headerName)!] = "token-two-1234"
            for _ in 0..<2 {
                try await client.execute(uri: "/items", method: .post, headers: headers, body: form("name=Header")) {
                    #expect($0.status == .seeOther)
                }
            }
            try await client.execute(uri: "/api/items", method: .get, headers: localhost) {
                #expect($0.text.components(separatedBy: "Once").count - 1 == 1)
                #expect($0.text.components(separatedBy: "Header").count - 1 == 1)
            }
        }
        #expect(harness.store.reached > 0)
    }

    @Test("a post refused by an outage comes back with its token; sent again once the store is back, it applies once")
    func outageKeepsToken() async throws {
        let harness = OperationsHarness()
        try await harness.application().test(.router) { client in
            let body = form("\(FormOnce.fieldName)=token-outage-12&name=Typed")
            harness.store.set(down: true)
            try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: body) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.text.contains("name=\"\(FormOnce.fieldName)\" value=\"token-outage-12\""))
                #expect(response.text.components(separatedBy: "name=\"\(FormOnce.fieldName)\"").count - 1 == 1)
            }
            harness.store.set(down: false)
            harness.operations.store.succeeded()
            for _ in 0..<2 {
                try await client.execute(uri: "/items", method: .post, headers: formHeaders, body: body) {
                    #expect($0.status == .seeOther)
                }
            }
            try await client.execute(uri: "/api/items", method: .get, headers: localhost) {
                #expect($0.text.components(separatedBy: "Typed").count - 1 == 1)
            }
        }
    }

    @Test("every form the shared component renders carries a fresh one-time token")
    func formsCarryTokens() {
        let one = Components.postForm(action: "/x", csrf: "c", "").markup
        let two = Components.postForm(action: "/x", csrf: "c", "").markup
        #expect(one.contains("name=\"\(FormOnce.fieldName)\" value=\""))
        #expect(one != two)
        #expect(Components.postForm(action: "/x", csrf: "c", once: "kept", "").markup.contains("value=\"kept\""))
    }
}
