import FeatureWeb
import Foundation
import Hummingbird
import Testing

@Suite("multipart/form-data")
struct MultipartFormTests {
    private func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("the boundary comes from the content type, quoted or not, and only for form-data")
    func boundary() {
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartForm.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(contentType: "multipart/mixed; boundary=abc") == nil)
        #expect(MultipartForm.boundary(contentType: "multipart/form-data") == nil)
        #expect(
            MultipartForm.boundary(contentType: "multipart/form-data; boundary=" + String(repeating: "x", count: 71))
                == nil)
    }

    @Test("fields and a file: names, file name with an escaped quote, type and bytes (CRLFs inside kept)")
    func fieldsAndFile() throws {
        let text =
            "preamble\r\n--XX\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntoken\r\n"
            + "--XX\r\ncontent-disposition: form-data; name=\"file\"; filename=\"my \\\"etfs\\\".csv\"\r\nContent-Type: text/csv\r\n\r\n"
            + "a,b\r\n1,2\r\n\r\n--XX\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n\r\n--XX--\r\nepilogue"
        let form = try MultipartForm.parse(body(text), boundary: "XX")
        #expect(form.fields["_csrf"] == "token")
        #expect(form.fields["note"] == "")
        #expect(form["note"] == nil, "empty counts as missing, as in encoded forms")
        let file = try #require(form.files["file"])
        #expect(file.fileName == "my \"etfs\".csv")
        #expect(file.contentType == "text/csv")
        #expect(file.text == "a,b\r\n1,2\r\n")
    }

    @Test("a byte-order mark is dropped from a file's text; bytes that are not UTF-8 have no text")
    func fileText() {
        #expect(MultipartForm.File(fileName: "a", contentType: nil, data: [0xEF, 0xBB, 0xBF, 0x61]).text == "a")
        #expect(MultipartForm.File(fileName: "a", contentType: nil, data: [0xFF, 0xFE, 0x00]).text == nil)
    }

    @Test(
        "malformed bodies are a 400, never a guess",
        arguments: [
            "no boundary at all",
            "--XX\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
            "--XX\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XX--",
            "--XX\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--XX--",
            "--XX\r\nno colon here\r\n\r\nx\r\n--XX--",
            "--XXjunk",
        ])
    func malformed(_ text: String) {
        #expect(throws: HTTPError.self) { try MultipartForm.parse(body(text), boundary: "XX") }
    }

    @Test("a body of too many parts is refused")
    func tooManyParts() {
        let part = "--XX\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        let text = String(repeating: part, count: 65) + "--XX--\r\n"
        #expect(throws: HTTPError.self) { try MultipartForm.parse(body(text), boundary: "XX") }
        #expect(throws: Never.self) {
            try MultipartForm.parse(body(String(repeating: part, count: 64) + "--XX--\r\n"), boundary: "XX")
        }
    }
}
