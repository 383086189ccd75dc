import Foundation
import Testing

@testable import Persistence

/// The export file's lines, and every way a file is refused before anything is stored.
@Suite struct ExportFormatTests {
    static let contents = [
        NamespaceContents(
            namespace: "networth", schemaVersion: 3,
            records: [
                ExportedRecord(
                    record: RawRecord(
                        key: "account/Everyday Current", value: Data(#"{"balance":"1234.56","note":"a, \"b\""}"#.utf8),
                        storedAt: Date(timeIntervalSince1970: 1_733_000_000.5), expiresAt: nil),
                    searchText: "Everyday Current"),
                ExportedRecord(
                    record: RawRecord(
                        key: "raw", value: Data([0xC3, 0x28]), storedAt: Date(timeIntervalSince1970: 1.5),
                        expiresAt: Date(timeIntervalSince1970: 2e9)), searchText: nil),
            ]),
        NamespaceContents(namespace: "alerts", schemaVersion: 1, records: []),
    ]

    static func file() throws -> String {
        let header = ExportFormat.Header(
            folioVersion: "0.1.0", exportedAt: Date(timeIntervalSince1970: 1_733_000_000), contents: contents)
        return String(decoding: try ExportFormat.write(contents, header: header), as: UTF8.self)
    }

    @Test func aRecordLineHoldsTheStoredJSONAsItIsAndOtherBytesInBase64() throws {
        let lines = try Self.file().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0] == #"{"exportedAt":"2024-11-30T20:53:20Z","folioVersion":"0.1.0","format":"folio-export","#
                + #""formatVersion":1,"namespaces":[{"namespace":"networth","records":2,"schemaVersion":3},"#
                + #"{"namespace":"alerts","records":0,"schemaVersion":1}]}"#)
        #expect(
            lines[1] == #"{"key":"account/Everyday Current","namespace":"networth","searchText":"Everyday Current","#
                + #""storedAt":1733000000.5,"value":{"balance":"1234.56","note":"a, \"b\""}}"#)
        #expect(
            lines[2]
                == #"{"expiresAt":2000000000,"key":"raw","namespace":"networth","storedAt":1.5,"valueBase64":"wyg="}"#)
        #expect(try ExportFormat.read(Data(try Self.file().utf8)).contents == Self.contents)
    }

    @Test func theValueIsFoundWhereverItStandsInTheLine() throws {
        let line = Data(#"{ "value" : [1, {"value": "}"}] , "key":"k","namespace":"networth","storedAt":1}"#.utf8)
        let span = try #require(ExportFormat.valueSpan(in: line))
        #expect(String(decoding: line[span], as: UTF8.self) == #"[1, {"value": "}"}]"#)
    }

    static func problem(_ text: String) -> ExportFormat.Problem? {
        do {
            _ = try ExportFormat.read(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileCutShortIsRefusedNamingWhatIsMissing() throws {
        let lines = try Self.file().split(separator: "\n")
        let cut = lines.dropLast().joined(separator: "\n")
        #expect(Self.problem(cut)?.reason.contains("counts 2 networth records and the file holds 1") == true)
        let torn = lines.dropLast().joined(separator: "\n") + "\n" + lines.last!.prefix(20)
        #expect(Self.problem(torn)?.line == 3)
    }

    @Test func foreignNewerAndMalformedFilesAreRefusedWithTheirLine() throws {
        #expect(Self.problem("")?.reason == "the file is empty")
        #expect(Self.problem("id,amount\n1,2\n")?.reason.contains("not a folio export") == true)
        let newer = try Self.file().replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":2"#)
        #expect(Self.problem(newer)?.newerFormat == 2)
        #expect(Self.problem(newer)?.description.hasPrefix("line 1: the file is in export format 2") == true)
        let stray = try Self.file().replacingOccurrences(
            of: #""namespace":"networth","storedAt""#, with: #""namespace":"funds","storedAt""#)
        #expect(Self.problem(stray)?.description == "line 3: namespace funds is not in the header")
        let twice = try Self.file().replacingOccurrences(
            of: #""key":"raw""#, with: #""key":"account/Everyday Current""#)
        #expect(Self.problem(twice)?.line == 3)
        let notBase64 = try Self.file().replacingOccurrences(of: "wyg=", with: "%%%")
        #expect(Self.problem(notBase64)?.description == "line 3: valueBase64 is not Base64")
    }
}
