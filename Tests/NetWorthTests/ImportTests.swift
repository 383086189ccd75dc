import Foundation
import Money
import Persistence
import Testing
import Timing

@testable import NetWorth

/// Balances from rows already split into fields. The text is plain rows only (no quotes): splitting CSV is
/// the plug-in's reader's job, and its syntax (quotes, byte-order mark, unclosed quotes) is tested with the
/// import command in NetWorthCommandsTests.
func balances(_ text: String) throws(NetWorthError) -> BalanceImport {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !$0.element.isEmpty }
        .map {
            BalanceImport.Record(
                line: $0.offset + 1,
                fields: $0.element.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        }
    return try BalanceImport(header: lines.first?.fields ?? [], records: Array(lines.dropFirst()))
}

@Suite struct ImportTests {
    let today = day("2024-06-30")

    @Test func readsFieldsInAnyColumnOrder() throws {
        let file = try BalanceImport(
            header: ["date", "Amount", "account", "note"],
            records: [
                .init(line: 2, fields: ["2024-01-31", "1,200.50", "Monzo, Savings", "said \"hi\""]),
                .init(line: 4, fields: ["2024-02-29", "-5", "Current", ""]),
            ])
        #expect(file.rows.count == 2)
        #expect(file.rows[0].account == "Monzo, Savings")
        #expect(file.rows[0].update.amount == money("1200.5"))
        #expect(file.rows[0].update.note == "said \"hi\"")
        #expect(file.rows[1].line == 4)
        #expect(file.rows[1].update.note == nil)
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("account,amount\nA,1\n", "the header has no \"date\" column"),
        ("account,date,amount\nA,2024-02-30,1\n", "line 2: \"2024-02-30\" is not a date"),
        ("account,date,amount\nA,2024-02-01,1\nB,2024-02-01,ten\n", "line 3: \"ten\" is not an amount"),
        ("account,date,amount,type\nA,2024-02-01,1,bond\n", "line 2: unknown account type \"bond\""),
    ])
    func badFilesNameTheLine(text: String, message: String) {
        let error = #expect(throws: NetWorthError.self) { try balances(text) }
        #expect(error?.what == message)
    }

    @Test func importsAllRowsOrNone() async throws {
        let store = InMemoryDatabase().store(namespace: "networth")
        let repository = NetWorthRepository(store: store)
        try await repository.add(NewAccount(name: "Savings", type: .savings), today: today)
        let good = try balances(
            "account,date,amount,type,currency\nsavings,2024-01-31,100\nWise,2024-01-31,50,foreign-currency,usd\nSAVINGS,2024-01-31,110\n"
        )
        let outcome = try await repository.importBalances(good, today: today)
        #expect(outcome == ImportOutcome(createdAccounts: ["Wise"], added: 2, replaced: 1))
        #expect(try await repository.account(named: "wise").currency == "USD")
        #expect(try await repository.account(named: "Savings").updates.map(\.amount) == [110])

        let before = try await store.read { try $0.scan(.all).map(\.value) }
        for text in [
            "account,date,amount\nSavings,2024-02-29,120\nNobody,2024-02-29,1\n",
            "account,date,amount\nSavings,2024-02-29,120\nSavings,2099-01-01,1\n",
            "account,date,amount,type\nSavings,2024-02-29,120\nCard,2024-02-29,-5,credit-card\n",
            "account,date,amount,type,currency\nNew,2024-02-29,1,cash,QQQ\n",
        ] {
            let error = await #expect(throws: NetWorthError.self) {
                _ = try await repository.importBalances(try balances(text), today: today)
            }
            #expect(error?.what.hasPrefix("line ") == true)
        }
        #expect(try await store.read { try $0.scan(.all).map(\.value) } == before)
    }
}
