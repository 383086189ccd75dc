import Failures
import FeatureKit
import FeatureWeb
import Testing

@Suite struct BlamedFieldTests {
    static let fields: KeyValuePairs<String, [String]> = ["quantity": ["share", "cannot buy"], "symbol": ["symbol"]]

    @Test func theFirstFieldWhoseWordTheRefusalMentionsIsBlamed() {
        let refused = { (what: String) in CommandResult(output: "", warnings: "", error: FolioError(.usage, what)) }
        #expect(refused("cannot buy 5 AAPL").blamedField(Self.fields) == "quantity")
        #expect(refused("unknown symbol ZZZZ").blamedField(Self.fields) == "symbol")
        // Both named: the earlier field wins, as the order of the list says.
        #expect(refused("symbol AAPL: 0 shares is not a quantity").blamedField(Self.fields) == "quantity")
        #expect(refused("the market is closed").blamedField(Self.fields) == nil)
        #expect(CommandResult(output: "ok", warnings: "", error: nil).blamedField(Self.fields) == nil)
    }
}
