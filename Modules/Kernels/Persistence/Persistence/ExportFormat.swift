import Foundation

/// Folio's export file: JSON lines. The first line is a ``Header`` (format, its version, the Folio version that
/// wrote it, when, and each namespace with its schema version and record count); every other line is one record:
/// its namespace, key, stored time, expiry, search text and value.
///
/// A value is written as the very bytes stored (records are JSON already), so amounts keep every digit they were
/// stored with and are never read as a floating-point number on the way; a value that is not one line of JSON
/// text is written as `valueBase64` instead. Stored times are seconds since 1970, written in the shortest form
/// that reads back as the same `Date`.
public enum ExportFormat {
    /// The `format` of every header.
    public static let name = "folio-export"
    /// The format version this Folio writes, and the newest it reads.
    public static let version = 1

    /// The first line of the file.
    public struct Header: Codable, Sendable, Hashable {
        /// Always ``ExportFormat/name``.
        public var format: String
        /// The format version the file was written in.
        public var formatVersion: Int
        /// The Folio that wrote the file.
        public var folioVersion: String
        /// When it was written (ISO 8601).
        public var exportedAt: String
        /// Each namespace, in the order their records follow, with how many record lines follow for it: a file
        /// cut short is told from a whole one.
        public var namespaces: [NamespaceSummary]

        /// Creates the header of `contents`.
        public init(folioVersion: String, exportedAt: Date, contents: [NamespaceContents]) {
            format = ExportFormat.name
            formatVersion = ExportFormat.version
            self.folioVersion = folioVersion
            self.exportedAt = exportedAt.formatted(.iso8601)
            namespaces = contents.map {
                NamespaceSummary(namespace: $0.namespace, schemaVersion: $0.schemaVersion, records: $0.records.count)
            }
        }
    }

    /// One record line, but for a value stored as JSON, which follows as raw bytes.
    struct Line: Codable {
        var namespace: String
        var key: String
        var storedAt: Double
        var expiresAt: Double?
        var searchText: String?
        var valueBase64: String?
    }

    /// Why a file cannot be imported: the line at fault (1 for the header) and what is wrong with it.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line at fault, counted from 1; 0 when the file as a whole is at fault.
        public var line: Int
        /// What is wrong.
        public var reason: String
        /// Set when the file was written by a newer format than this Folio reads.
        public var newerFormat: Int?

        /// `line N: REASON`, or the reason alone for the whole file.
        public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
    }

    // MARK: Writing

    /// The whole file: the header line, then every namespace's records in the order given.
    public static func write(_ contents: [NamespaceContents], header: Header) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(header)
        data.append(0x0A)
        for namespace in contents {
            for exported in namespace.records {
                let record = exported.record
                let raw = isOneLineOfJSON(record.value)
                var line = try encoder.encode(
                    Line(
                        namespace: namespace.namespace, key: record.key,
                        storedAt: record.storedAt.timeIntervalSince1970,
                        expiresAt: record.expiresAt?.timeIntervalSince1970, searchText: exported.searchText,
                        valueBase64: raw ? nil : record.value.base64EncodedString()))
                if raw {
                    // Keys are sorted, so `value` last keeps every line in the same order of keys.
                    line.removeLast()
                    line.append(contentsOf: Array(#","value":"#.utf8))
                    line.append(record.value)
                    line.append(UInt8(ascii: "}"))
                }
                data.append(line)
                data.append(0x0A)
            }
        }
        return data
    }

    /// Whether `value` can stand in a line as it is: UTF-8 JSON without a line break or surrounding blanks.
    static func isOneLineOfJSON(_ value: Data) -> Bool {
        guard let first = value.first, let last = value.last, !isBlank(first), !isBlank(last),
            !value.contains(0x0A), !value.contains(0x0D), String(data: value, encoding: .utf8) != nil
        else { return false }
        return (try? JSONSerialization.jsonObject(with: value, options: .fragmentsAllowed)) != nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    // MARK: Reading

    /// Reads and checks a whole file before anything is done with it: the header, each line, and that every
    /// namespace has the records its header counts, no key twice.
    /// - Throws: ``Problem`` for the first fault found.
    public static func read(_ data: Data) throws(Problem) -> (header: Header, contents: [NamespaceContents]) {
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw Problem(line: 0, reason: "the file is empty") }
        let header = try readHeader(first)
        var index: [String: Int] = [:]
        var contents: [NamespaceContents] = []
        for namespace in header.namespaces {
            guard index[namespace.namespace] == nil else {
                throw Problem(line: 1, reason: "the header names \(namespace.namespace) twice")
            }
            index[namespace.namespace] = contents.count
            contents.append(
                NamespaceContents(namespace: namespace.namespace, schemaVersion: namespace.schemaVersion, records: []))
        }
        var keys: [String: Set<String>] = [:]
        let decoder = JSONDecoder()
        for (offset, bytes) in lines.enumerated().dropFirst() {
            let number = offset + 1
            let record = try readRecord(Data(bytes), line: number, decoder: decoder)
            guard let position = index[record.namespace] else {
                throw Problem(line: number, reason: "namespace \(record.namespace) is not in the header")
            }
            guard keys[record.namespace, default: []].insert(record.exported.record.key).inserted else {
                throw Problem(
                    line: number, reason: "\(record.namespace) key \(record.exported.record.key) appears twice")
            }
            contents[position].records.append(record.exported)
        }
        for (namespace, expected) in zip(contents, header.namespaces) where namespace.records.count != expected.records
        {
            throw Problem(
                line: 0,
                reason: "the header counts \(expected.records) \(namespace.namespace) records and the file holds "
                    + "\(namespace.records.count): it is cut short or was edited")
        }
        return (header, contents)
    }

    private static func readHeader(_ bytes: Data.SubSequence) throws(Problem) -> Header {
        struct Format: Decodable {
            var format: String?
            var formatVersion: Int?
        }
        guard let format = try? JSONDecoder().decode(Format.self, from: Data(bytes)), format.format == name,
            let version = format.formatVersion
        else {
            throw Problem(line: 1, reason: "this is not a folio export (its first line is not a \(name) header)")
        }
        guard version <= Self.version else {
            throw Problem(
                line: 1,
                reason: "the file is in export format \(version), newer than this folio reads (\(Self.version))",
                newerFormat: version)
        }
        guard version >= 1 else { throw Problem(line: 1, reason: "export format \(version) does not exist") }
        do {
            return try JSONDecoder().decode(Header.self, from: Data(bytes))
        } catch {
            throw Problem(line: 1, reason: "the header is incomplete (\(describe(error)))")
        }
    }

    private static func readRecord(
        _ bytes: Data, line number: Int, decoder: JSONDecoder
    ) throws(Problem) -> (
        namespace: String, exported: ExportedRecord
    ) {
        let line: Line
        do {
            line = try decoder.decode(Line.self, from: bytes)
        } catch {
            throw Problem(line: number, reason: "not a record (\(describe(error)))")
        }
        let value: Data
        if let base64 = line.valueBase64 {
            guard let decoded = Data(base64Encoded: base64) else {
                throw Problem(line: number, reason: "valueBase64 is not Base64")
            }
            value = decoded
        } else {
            guard let span = valueSpan(in: bytes) else {
                throw Problem(line: number, reason: "the record has no value")
            }
            value = bytes.subdata(in: span)
        }
        guard line.storedAt.isFinite, line.expiresAt?.isFinite ?? true else {
            throw Problem(line: number, reason: "storedAt and expiresAt must be seconds since 1970")
        }
        let record = RawRecord(
            key: line.key, value: value, storedAt: Date(timeIntervalSince1970: line.storedAt),
            expiresAt: line.expiresAt.map { Date(timeIntervalSince1970: $0) })
        return (line.namespace, ExportedRecord(record: record, searchText: line.searchText))
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "it is not valid JSON"
        }
    }

    /// Where the top-level `value` member's JSON lies in a line already known to be valid JSON: its bytes are the
    /// stored value, taken as they are rather than decoded and encoded again.
    static func valueSpan(in line: Data) -> Range<Int>? {
        let bytes = [UInt8](line)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0
        var expectKey = false
        var start: Int?
        var index = 0
        func trimmedEnd(_ end: Int) -> Int {
            var end = end
            while end > (start ?? 0), isBlank(bytes[end - 1]) { end -= 1 }
            return end
        }
        while index < bytes.count {
            switch bytes[index] {
            case quote:
                let opening = index
                index += 1
                while index < bytes.count, bytes[index] != quote { index += bytes[index] == backslash ? 2 : 1 }
                if depth == 1, expectKey {
                    expectKey = false
                    if bytes[(opening + 1)..<min(index, bytes.count)].elementsEqual("value".utf8) {
                        var colon = index + 1
                        while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                        colon += 1
                        while colon < bytes.count, isBlank(bytes[colon]) { colon += 1 }
                        start = colon
                        index = colon - 1
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { expectKey = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1, let start { return start..<trimmedEnd(index) }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 {
                    if let start { return start..<trimmedEnd(index) }
                    expectKey = true
                }
            default: break
            }
            index += 1
        }
        return nil
    }
}
