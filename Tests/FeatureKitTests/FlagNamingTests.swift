import Failures
import FeatureCLI
import Testing

@Suite("A refusal's field named by the flag the person typed")
struct FlagNamingTests {
    static let refusal = FolioError(.invalid, "-85 is not a level", why: "a level is a positive amount", field: "below")

    @Test("a field typed as an option gets its flag in front, spelled apart or with =")
    func typedFlag() {
        for arguments in [
            ["alerts", "add", "fund", "122639", "--below", "-85"], ["alerts", "add", "fund", "122639", "--below=-85"],
        ] {
            let named = Self.refusal.namingFlag(typedIn: arguments)
            #expect(
                named.description == "error: --below: -85 is not a level — a level is a positive amount", "\(arguments)"
            )
            #expect(named.field == "below" && named.kind == .invalid)
        }
    }

    @Test("a field not typed as an option (an argument, another flag, a longer name) or no field: the refusal as it is")
    func untouched() {
        let arguments = ["alerts", "add", "fund", "below", "--belowx", "1", "--above", "2"]
        #expect(Self.refusal.namingFlag(typedIn: arguments) == Self.refusal)
        let unblamed = FolioError(.invalid, "no condition given")
        #expect(unblamed.namingFlag(typedIn: ["--below", "1"]) == unblamed)
    }
}
