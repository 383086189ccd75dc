import Foundation
import StockTrading
import Testing

@Suite struct PasswordHasherTests {
    let hasher = PBKDF2PasswordHasher(insecureRoundsForTesting: 1_000)

    @Test func liveHasherUsesAtLeast210000Rounds() {
        #expect(PBKDF2PasswordHasher().rounds >= 210_000)
        #expect(PBKDF2PasswordHasher.defaultRounds == 210_000)
    }

    @Test func liveHashVerifies() throws {
        let live = PBKDF2PasswordHasher()
        let stored = try live.hash("Test@123")
        #expect(stored.rounds == 210_000)
        #expect(try live.verify("Test@123", against: stored))
        #expect(try !live.verify("Test@124", against: stored))
    }

    @Test func verifiesOnlyTheRightPassword() throws {
        let stored = try hasher.hash("correct horse")
        #expect(stored.algorithm == "pbkdf2-sha256")
        #expect(try hasher.verify("correct horse", against: stored))
        #expect(try !hasher.verify("correct hors", against: stored))
        #expect(try !hasher.verify("Correct horse", against: stored))
        #expect(try !hasher.verify("", against: stored))
    }

    @Test func saltsAreRandomSoHashesDiffer() throws {
        let first = try hasher.hash("same password")
        let second = try hasher.hash("same password")
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        #expect(Data(base64Encoded: first.salt)?.count == 16)
        #expect(Data(base64Encoded: first.hash)?.count == 32)
    }

    @Test func storedFormHoldsNoPlaintext() throws {
        let stored = try hasher.hash("hunter2hunter2")
        let encoded = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        #expect(!encoded.contains("hunter2"))
        #expect(!encoded.contains(Data("hunter2hunter2".utf8).base64EncodedString()))
    }

    @Test func knownVector() throws {
        // RFC 7914 §11 PBKDF2-HMAC-SHA256 test vector: P="passwd", S="salt", c=1, dkLen=64 (first 32 bytes).
        let stored = PasswordHash(
            rounds: 1, salt: Data("salt".utf8).base64EncodedString(),
            hash: Data(hex: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")!.base64EncodedString())
        #expect(try hasher.verify("passwd", against: stored))
    }

    @Test func tamperedOrForeignHashesNeverVerify() throws {
        var stored = try hasher.hash("correct horse")
        stored.algorithm = "md5"
        #expect(try !hasher.verify("correct horse", against: stored))
        stored = try hasher.hash("correct horse")
        stored.hash = "not base64!"
        #expect(try !hasher.verify("correct horse", against: stored))
    }

    @Test func constantTimeComparison() {
        #expect(PBKDF2PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!PBKDF2PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!PBKDF2PasswordHasher.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(PBKDF2PasswordHasher.constantTimeEquals([], []))
    }

    @Test func weakerHashesNeedRehash() throws {
        let weak = try hasher.hash("x")
        #expect(PBKDF2PasswordHasher().needsRehash(weak))
        #expect(!hasher.needsRehash(weak))
    }
}

extension Data {
    init?(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}
