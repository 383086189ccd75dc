import Crypto
import Foundation

/// Random tokens and keyed digests for cookies, CSRF and access tokens.
public enum Secrets {
    /// 256 random bits from the system's secure generator, base64url without padding.
    public static func randomToken() -> String {
        // One request to the generator for the whole key: a byte at a time was 32 system calls, a twentieth of
        // what a page view costs a browser without the cookie yet.
        base64URL(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// HMAC-SHA256 of `message` under `key`, base64url.
    public static func mac(_ message: String, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return base64URL(Data(code))
    }

    /// SHA-256 of `text`, hex; how session ids are kept, so the table never holds a usable id.
    public static func digest(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares without stopping at the first difference, so timing does not reveal a prefix.
    public static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (Array(lhs.utf8), Array(rhs.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    private static func base64URL(_ data: Data) -> String {
        let urlSafe = data.base64EncodedString().utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: urlSafe, as: UTF8.self)
    }
}
