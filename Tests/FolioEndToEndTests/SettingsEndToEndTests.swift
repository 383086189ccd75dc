import FeatureKitTesting
import Foundation
import Testing

/// `folio settings` and the check of `config.json`'s keys, on the built binary.
@Suite struct SettingsEndToEndTests {
    @Test("every setting with its value and source; secrets hidden; a misspelt key named with the nearest one")
    func listsSettings() async throws {
        try await FolioBinary.withTemporaryHome { home in
            let config: [String: Any] = [
                "funds.histroyTTL": "1h", "races.refresh": "45s", "database.url": "postgres://me:s3cret@db:5432/folio",
                "market.alphaVantageKey": "ABCDEF", "alerts.webhook": "https://hooks.example.com/services/T1/B2/tok",
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: home.appendingPathComponent("config.json"))
            let result = try await FolioBinary.run(
                ["settings", "--format", "json"], home: home, environment: ["FOLIO_FUNDS_CONCURRENCY": "2"])
            #expect(result.exitCode == 0)
            #expect(
                result.stderr.contains(
                    "has \"funds.histroyTTL\", which no setting reads — did you mean \"funds.historyTTL\"?"))
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            func row(_ key: String) -> [String: Any]? { rows.first { $0["key"] as? String == key } }
            #expect(row("races.refresh")?["value"] as? String == "45s")
            #expect(row("races.refresh")?["source"] as? String == "config.json")
            #expect(row("races.refresh")?["readBy"] as? String == "races")
            #expect(row("funds.concurrency")?["source"] as? String == "environment")
            #expect(row("funds.historyTTL")?["source"] as? String == "default")
            #expect(row("database.url")?["value"] as? String == "postgres://me:hidden@db:5432/folio")
            #expect(row("market.alphaVantageKey")?["value"] as? String == "set (hidden)")
            #expect(row("alerts.webhook")?["value"] as? String == "https://hooks.example.com/…")
            #expect(
                !result.stdout.contains("s3cret") && !result.stdout.contains("ABCDEF") && !result.stdout.contains("tok")
            )
            #expect(result.stderr.components(separatedBy: "no setting reads").count == 2)
        }
    }

    @Test("any other command warns once about a key no setting reads, and still runs")
    func otherCommandsWarn() async throws {
        try await FolioBinary.withTemporaryHome { home in
            try Data(#"{"market": {"provider": "simulated"}, "races.refresh": "30s"}"#.utf8)
                .write(to: home.appendingPathComponent("config.json"))
            let result = try await FolioBinary.run(["features"], home: home)
            #expect(result.exitCode == 0)
            #expect(result.stderr.hasPrefix("warning: "))
            #expect(result.stderr.contains("has \"market\", which no setting reads"))
            #expect(!result.stderr.contains("races.refresh"))
        }
    }

    /// A setting declared anywhere in the sources and missing from the host's list would be reported as unread
    /// to every user who sets it: the list is checked against the declarations.
    @Test("every ConfigKey the sources declare is one folio settings lists")
    func everyDeclaredKeyIsListed() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var declared: Set<String> = []
        for folder in ["Modules", "Apps"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = files?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(
                    contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: /ConfigKey\(\s*"([A-Za-z.]+)"/) { declared.insert(String(match.1)) }
            }
        }
        #expect(declared.count > 20)
        let listed = try await FolioBinary.withTemporaryHome { home in
            let result = try await FolioBinary.run(["settings", "--format", "json"], home: home)
            let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return Set(rows.compactMap { $0["key"] as? String })
        }
        #expect(
            declared.subtracting(listed).isEmpty, "declared but not listed: \(declared.subtracting(listed).sorted())")
    }
}
