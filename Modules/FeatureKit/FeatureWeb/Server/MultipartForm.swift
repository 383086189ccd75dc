import Foundation
import Hummingbird
import MultipartKit

/// A posted `multipart/form-data` body (RFC 7578): its text fields and its files, so a file input works
/// without JavaScript. The body is already capped at ``WebLimits/maxBodyBytes``; vapor/multipart-kit finds the
/// parts; each part's `Content-Disposition` name and file name are read here. Anything malformed is a 400, never a
/// guess.
public struct MultipartForm: Sendable, Equatable {
    /// One uploaded file.
    public struct File: Sendable, Equatable {
        /// The file name the browser sent (may be empty when no file was chosen).
        public var fileName: String
        /// The part's `Content-Type`, if given.
        public var contentType: String?
        /// The file's bytes.
        public var data: [UInt8]

        /// Creates a file.
        public init(fileName: String, contentType: String?, data: [UInt8]) {
            self.fileName = fileName
            self.contentType = contentType
            self.data = data
        }

        /// The content as UTF-8 text (a leading byte-order mark dropped), or nil when it is not UTF-8.
        public var text: String? {
            var bytes = data[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// Text fields by name (the last one wins when a name repeats).
    public var fields: [String: String]
    /// Files by field name (the last one wins).
    public var files: [String: File]

    /// Creates a form.
    public init(fields: [String: String] = [:], files: [String: File] = [:]) {
        self.fields = fields
        self.files = files
    }

    /// A text field, trimmed; empty strings count as missing (as ``FormData``).
    public subscript(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// More parts than any Folio form has: a body of thousands of tiny parts is refused rather than walked.
    static let maximumParts = 64

    /// Whether a `Content-Type` is `multipart/form-data`.
    public static func isMultipart(_ contentType: String?) -> Bool {
        contentType?.lowercased().hasPrefix("multipart/form-data") == true
    }

    /// The boundary parameter of a `multipart/form-data` content type.
    public static func boundary(contentType: String) -> String? {
        guard isMultipart(contentType) else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value =
                pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Reads the request's body (capped at ``WebRequestContext/maxUploadSize``: 413 above it).
    /// - Throws: `HTTPError(.badRequest)` for a body that is not well-formed multipart.
    public static func read(_ request: Request, context: WebRequestContext) async throws -> MultipartForm {
        guard let boundary = request.headers[.contentType].flatMap(boundary(contentType:)) else {
            throw HTTPError(.badRequest, message: "The upload could not be read: it has no multipart boundary.")
        }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return try parse(Array(buffer.readableBytesView), boundary: boundary)
    }

    /// Parses a body with its boundary: the framing by MultipartKit's parser, each part's `Content-Disposition`
    /// parameters here (MultipartKit's own reading splits a quoted file name at its first `=` and keeps escaped
    /// quotes as they are).
    public static func parse(_ body: [UInt8], boundary: String) throws -> MultipartForm {
        let malformed = HTTPError(.badRequest, message: "The upload could not be read: the form data is malformed.")
        // MultipartKit ignores everything after the closing delimiter and does not say whether it saw one; a body
        // cut short must not pass as a complete form.
        guard MultipartForm.find(Array("--\(boundary)--".utf8), in: body, from: 0) != nil else { throw malformed }
        let parser = MultipartParser(boundary: boundary)
        var form = MultipartForm()
        var headers: [(String, String)] = []
        var content: [UInt8] = []
        var parts = 0
        var failure: HTTPError?
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { buffer in content += buffer.readableBytesView }
        parser.onPartComplete = {
            defer { headers = []; content = [] }
            guard failure == nil else { return }
            parts += 1
            guard parts <= maximumParts else {
                failure = HTTPError(.badRequest, message: "The upload has too many parts.")
                return
            }
            guard let part = try? Part(headers: headers, malformed: malformed) else {
                failure = malformed
                return
            }
            if let fileName = part.fileName {
                form.files[part.name] = File(fileName: fileName, contentType: part.contentType, data: content)
            } else if let text = String(validating: content, as: UTF8.self) {
                form.fields[part.name] = text
            } else {
                failure = malformed
            }
        }
        do {
            try parser.execute(body)
        } catch {
            throw malformed
        }
        if let failure { throw failure }
        guard parts > 0 else { throw malformed }
        return form
    }

    /// A part's headers: its field name, file name and type.
    struct Part {
        var name: String
        var fileName: String?
        var contentType: String?

        init(headers: [(String, String)], malformed: HTTPError) throws {
            var name: String?
            for (header, value) in headers {
                switch header.lowercased() {
                case "content-disposition":
                    let parameters = Self.parameters(value)
                    guard parameters.type.lowercased() == "form-data" else { throw malformed }
                    name = parameters.values["name"]
                    fileName = parameters.values["filename"]
                case "content-type":
                    contentType = value
                default:
                    continue
                }
            }
            guard let name, !name.isEmpty else { throw malformed }
            self.name = name
        }

        /// `form-data; name="csv"; filename="a \"b\".csv"` → type and parameters (quoted strings unescaped).
        static func parameters(_ value: String) -> (type: String, values: [String: String]) {
            var values: [String: String] = [:]
            var characters = value[...]
            let type = String(characters.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
            characters = characters.drop { $0 != ";" }
            while characters.first == ";" {
                characters = characters.dropFirst().drop(while: \.isWhitespace)
                let key = String(characters.prefix { $0 != "=" && $0 != ";" }).trimmingCharacters(in: .whitespaces)
                    .lowercased()
                characters = characters.drop { $0 != "=" && $0 != ";" }
                guard characters.first == "=" else { continue }
                characters = characters.dropFirst()
                var text = ""
                if characters.first == "\"" {
                    characters = characters.dropFirst()
                    while let character = characters.first, character != "\"" {
                        characters = characters.dropFirst()
                        if character == "\\", let escaped = characters.first {
                            text.append(escaped)
                            characters = characters.dropFirst()
                        } else {
                            text.append(character)
                        }
                    }
                    characters = characters.dropFirst().drop { $0 != ";" }
                } else {
                    text = String(characters.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
                    characters = characters.drop { $0 != ";" }
                }
                values[key] = text
            }
            return (type, values)
        }
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
