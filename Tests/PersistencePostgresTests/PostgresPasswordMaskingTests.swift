import Foundation
import Persistence
import PropertyBased
import Testing

@testable import PersistencePostgres

/// Issue 25.1: no output built from a database URL holds any piece of its password, whatever the password is
/// made of. Passwords are generated from URL delimiters (`@ : / ? # % & =`), valid escapes and marker tokens of
/// non-ASCII letters that occur nowhere else, strung so that every three characters in a row include a marker
/// or form an escape: any such piece found in an output came from the password.
@Suite struct PostgresPasswordMaskingTests {
    static let markers = ["Ж", "λ", "ø", "Ω", "ǂ", "Qz", "xÉ", "ß7"]
    static let delimiters = ["@", ":", "/", "?", "#", "%", "&", "=", "%40", "%2F", "%3A", "%E2%82%AC"]
    /// What surrounds the password: `PASSWORD` is replaced by it.
    static let shapes = [
        "postgres://folio:PASSWORD@db.home:5432/household",
        "postgresql://folio:PASSWORD@127.0.0.1/household?sslmode=require&schema=folio",
        "postgres://folio:PASSWORD@[::1]:6543/household",
        "postgres://folio:PASSWORD@db.home/household?sslmod=require",
        "postgres://folio:PASSWORD@db.home:notaport/household",
        "postgres://folio:PASSWORD@/household",
        "postgres://folio:PASSWORD@",
        "mysql://folio:PASSWORD@db.home/household",
    ]

    struct Case: Sendable, CustomStringConvertible {
        var password: String
        var shape: String
        var url: String { shape.replacingOccurrences(of: "PASSWORD", with: password) }
        var description: String { url }
    }

    static let password = zip(
        Gen.int(in: 0...(markers.count - 1)), Gen.int(in: 0...(delimiters.count - 1))
    ).array(of: 1...6).map { (pairs: [(Int, Int)]) in
        pairs.map { markers[$0.0] + delimiters[$0.1] }.joined() + markers[pairs.count % markers.count]
    }

    static let cases = zip(password, Gen.int(in: 0...(shapes.count - 1))).map { (password: String, shape: Int) in
        Case(password: password, shape: shapes[shape])
    }

    /// Every piece of three or more characters of `secret`.
    static func pieces(of secret: String) -> [String] {
        let characters = Array(secret)
        guard characters.count >= 3 else { return [] }
        return (0...(characters.count - 3)).map { String(characters[$0..<($0 + 3)]) }
    }

    /// What Folio can print about the URL: the mask of its text, then either the parse error or the parsed
    /// location with the messages of each way a server can refuse it.
    static func outputs(of url: String) -> [String] {
        var outputs = [PostgresLocation.mask(url)]
        do {
            let location = try PostgresLocation(parsing: url)
            outputs += [location.masked, "\(location)"]
            for state in ["28P01", "3D000", "57P01", "42P01"] {
                outputs.append("\(PostgresFailure.map(state: state, message: "refused", location: location))")
            }
        } catch {
            outputs.append("\(error)")
        }
        return outputs
    }

    @Test func noOutputHoldsAnyPieceOfThePassword() async {
        await propertyCheck(count: 1_500, input: Self.cases) { generated in
            let decoded = try? PercentDecoding.decode(generated.password[...], naming: "the password")
            let secrets = Self.pieces(of: generated.password) + Self.pieces(of: decoded ?? "")
            for output in Self.outputs(of: generated.url) {
                let leaked = secrets.filter { output.contains($0) }
                #expect(leaked.isEmpty, "\(output) shows \(leaked)")
            }
        }
    }

    @Test func theMaskRunsToTheLastAtSignAndTheParserReadsTheSamePassword() async {
        await propertyCheck(count: 500, input: Self.cases) { generated in
            #expect(
                PostgresLocation.mask(generated.url)
                    == generated.shape.replacingOccurrences(of: "PASSWORD", with: "***"))
            guard let location = try? PostgresLocation(parsing: generated.url) else { return }
            #expect(location.password == (try? PercentDecoding.decode(generated.password[...], naming: "the password")))
        }
    }
}
