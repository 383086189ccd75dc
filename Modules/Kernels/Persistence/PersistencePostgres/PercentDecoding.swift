import Persistence

/// The `%XX` escapes of a database URL's parts. Foundation's `removingPercentEncoding` answers nil for a broken
/// escape, which read a password such as `p%ZZ` as no password at all; this says where the escape is broken
/// instead, by position, so that the message quotes nothing of a secret.
enum PercentDecoding {
    /// `text` with each `%XX` replaced by its byte, the bytes read as UTF-8.
    /// - Parameter part: What `text` is, for the message: "the password".
    /// - Throws: ``PersistenceError/storage(_:)`` naming the part and the character where an escape is broken.
    static func decode(_ text: Substring, naming part: String) throws -> String {
        var bytes: [UInt8] = []
        var characters = Array(text.unicodeScalars)[...]
        var position = 0
        while let scalar = characters.popFirst() {
            position += 1
            guard scalar == "%" else {
                bytes.append(contentsOf: Array(String(scalar).utf8))
                continue
            }
            guard characters.count >= 2, let high = hexValue(characters[characters.startIndex]),
                let low = hexValue(characters[characters.startIndex + 1])
            else {
                throw PersistenceError.storage(
                    "\(part) in the database URL has a broken %-escape at its character \(position): % must be "
                        + "followed by two hexadecimal digits (write a % itself as %25)")
            }
            characters = characters.dropFirst(2)
            bytes.append(high << 4 | low)
            position += 2
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw PersistenceError.storage("\(part) in the database URL is not UTF-8 once its %-escapes are decoded")
        }
        return decoded
    }

    /// `text` with every byte but letters, digits and `-._~` escaped: for the parts of a URL Folio prints.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }
}
