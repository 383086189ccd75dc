import Failures
import FeatureKit
import FeatureKitTesting
import Foundation
import Networking
import Persistence
import Settings
import Testing
import Timing

@Suite struct InputFileTests {
    @Test func aMissingFileAFolderAndAnUnreadableFileAllExitSixtySix() async throws {
        try await withTemporaryDirectory(prefix: "input-file") { folder in
            let missing = #expect(throws: FolioError.self) {
                try InputFile.data(atPath: folder.appendingPathComponent("nope.csv").path)
            }
            #expect(missing?.exitCode == 66)
            #expect(missing?.why == "no such file")
            let isFolder = #expect(throws: FolioError.self) { try InputFile.data(atPath: folder.path) }
            #expect(isFolder?.exitCode == 66)
            #expect(isFolder?.why == "it is a folder")
            let locked = folder.appendingPathComponent("locked.csv")
            try Data("a".utf8).write(to: locked)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: locked.path) }
            // root reads any file whatever its mode; the rule is checked where the test can see it.
            if !FileManager.default.isReadableFile(atPath: locked.path) {
                let unreadable = #expect(throws: FolioError.self) { try InputFile.data(atPath: locked.path) }
                #expect(unreadable?.exitCode == 66)
                #expect(unreadable?.why == "permission denied")
            }
        }
    }

    @Test func textDropsTheByteOrderMarkAndRefusesNonUTF8() async throws {
        try await withTemporaryDirectory(prefix: "input-file") { folder in
            let bom = folder.appendingPathComponent("bom.csv")
            try Data([0xEF, 0xBB, 0xBF] + Array("a,b".utf8)).write(to: bom)
            #expect(try InputFile.text(atPath: bom.path) == "a,b")
            let latin1 = folder.appendingPathComponent("latin1.csv")
            try Data([0x61, 0xE9, 0x0A]).write(to: latin1)
            let error = #expect(throws: FolioError.self) { try InputFile.text(atPath: latin1.path) }
            #expect(error?.exitCode == 65)
        }
    }
}

@Suite struct ConfiguredURLTests {
    let key = ConfigKey("stocks.quotesURL", environment: "FOLIO_QUOTES_URL")
    let url = URL(string: "http://127.0.0.1:9/v1/quote")!

    @Test func a404FromAConfiguredURLIsAConfigurationProblemNamingItsSource() {
        let notFound = NetworkError.status(code: 404, url: url, body: nil, retryAfter: nil)
        let fromVariable = FolioError.from(
            notFound, configuredBy: key, in: Configuration(environment: ["FOLIO_QUOTES_URL": "http://127.0.0.1:9"]))
        #expect(fromVariable.exitCode == 64)
        #expect(fromVariable.what == "http://127.0.0.1:9/v1/quote answered 404 Not Found")
        #expect(fromVariable.hint == "check FOLIO_QUOTES_URL")
        let fromFile = FolioError.from(
            notFound, configuredBy: key,
            in: Configuration(file: ["stocks.quotesURL": "http://127.0.0.1:9"], filePath: "/h/config.json"))
        #expect(
            fromFile.why == "the service URL set by config.json key \"stocks.quotesURL\" (/h/config.json) looks wrong")
        #expect(fromFile.hint == "check \"stocks.quotesURL\" in /h/config.json")
    }

    @Test func otherFailuresKeepTheirCodes() {
        let unavailable = NetworkError.status(code: 503, url: url, body: nil, retryAfter: nil)
        #expect(FolioError.from(unavailable, configuredBy: key, in: Configuration()).exitCode == 69)
    }
}

@Suite struct DateArgumentTests {
    @Test func acceptsEachDeclaredForm() throws {
        #expect(try DateArgument.parse("2024-03-31", option: "--date").iso8601 == "2024-03-31")
        #expect(
            try DateArgument.parse("2024-02", option: "--to", accepting: [.day, .month], monthEnd: true).iso8601
                == "2024-02-29")
        #expect(try DateArgument.parse("2024-02", option: "--from", accepting: [.day, .month]).iso8601 == "2024-02-01")
    }

    @Test func theHintNamesExactlyTheAcceptedForms() {
        let month = #expect(throws: FolioError.self) {
            try DateArgument.parse("2026-13", option: "--from", accepting: [.day, .month])
        }
        #expect(month?.exitCode == 64)
        #expect(month?.why == "that month does not exist")
        #expect(month?.hint == "for example --from 2024-03 (a whole month) or --from 2024-03-31")
        let dayInNoMonth = #expect(throws: FolioError.self) { try DateArgument.parse("2024-13-01", option: "--date") }
        #expect(dayInNoMonth?.why == "there is no month 13")
        let dayOnly = #expect(throws: FolioError.self) { try DateArgument.parse("2026-13", option: "--date") }
        #expect(dayOnly?.why == "dates are written YYYY-MM-DD")
        #expect(dayOnly?.hint == "for example --date 2024-03-31")
        let noSuchDay = #expect(throws: FolioError.self) { try DateArgument.parse("2024-02-30", option: "--date") }
        #expect(noSuchDay?.why == "that day does not exist")
        let words = #expect(throws: FolioError.self) {
            try DateArgument.parse("March", option: "--from", accepting: [.day, .month])
        }
        #expect(words?.why == "dates are written YYYY-MM-DD or YYYY-MM")
        #expect(DateArgument.Forms([.day, .month]).pattern == "YYYY-MM-DD or YYYY-MM")
    }
}

@Suite struct ConfigurationSourceTests {
    let ttl = ConfigKey("funds.historyTTL", environment: "FOLIO_FUNDS_HISTORY_TTL", default: "30m")

    @Test func aBadConfigFileValueIsBlamedOnItsKeyAndFile() {
        let configuration = Configuration(file: ["funds.historyTTL": "banana"], filePath: "/home/ana/folio/config.json")
        let error = #expect(throws: FolioError.self) { try configuration.duration(ttl) }
        #expect(error?.what == "config.json key \"funds.historyTTL\" (/home/ana/folio/config.json) is not a duration")
        #expect(error?.exitCode == 64)
    }

    @Test func aBadVariableIsBlamedOnTheVariableAndABadFlagOnTheFlag() throws {
        let fromVariable = Configuration(
            environment: ["FOLIO_FUNDS_HISTORY_TTL": "banana"], file: ["funds.historyTTL": "1h"])
        #expect(fromVariable.source(of: ttl) == .environment("FOLIO_FUNDS_HISTORY_TTL"))
        let error = #expect(throws: FolioError.self) { try fromVariable.duration(ttl) }
        #expect(error?.what == "FOLIO_FUNDS_HISTORY_TTL is not a duration")
        let refresh = ConfigKey("races.refresh", default: "30s")
        let flag = #expect(throws: FolioError.self) {
            try Configuration(file: ["races.refresh": "5s"]).duration(refresh, flag: ("--refresh", "soon"))
        }
        #expect(flag?.what == "--refresh is not a duration")
        #expect(try Configuration(file: ["races.refresh": "5s"]).duration(refresh, flag: nil) == .seconds(5))
        #expect(Configuration().source(of: refresh).isDefault)
    }

    @Test func aTypedSettingNamesItsSourceToo() throws {
        let seed = ConfigKey("stocks.seed", environment: "FOLIO_STOCKS_SEED")
        let parse: (String) -> UInt64? = { UInt64($0) }
        let fromFile = Configuration(file: ["stocks.seed": "-1"], filePath: "/h/config.json")
        let error = #expect(throws: FolioError.self) {
            try fromFile.value(seed, isNot: "a seed", expected: "should be a whole number", parse: parse)
        }
        #expect(error?.what == "config.json key \"stocks.seed\" (/h/config.json) is not a seed")
        #expect(error?.why == "\"-1\" should be a whole number")
        #expect(error?.exitCode == 64)
        let fromVariable = Configuration(environment: ["FOLIO_STOCKS_SEED": "x"], file: ["stocks.seed": "7"])
        let variableError = #expect(throws: FolioError.self) {
            try fromVariable.value(seed, isNot: "a seed", expected: "should be a whole number", parse: parse)
        }
        #expect(variableError?.what == "FOLIO_STOCKS_SEED is not a seed")
        #expect(
            try Configuration(file: ["stocks.seed": "7"]).value(seed, isNot: "a seed", expected: "", parse: parse) == 7)
        #expect(try Configuration().value(seed, isNot: "a seed", expected: "", parse: parse) == nil)
    }
}

@Suite struct StorageErrorCodeTests {
    @Test func eachStorageProblemHasItsDocumentedCodeCauseAndHint() {
        let damaged = FolioError.from(
            StorageFileError(path: "/h/folio.sqlite", problem: .damaged("file is not a database")))
        #expect(damaged.exitCode == 65)
        #expect(damaged.what == "cannot use /h/folio.sqlite")
        #expect(damaged.why == "it is damaged or not a folio database (file is not a database)")
        #expect(damaged.hint?.contains("folio has not changed it") == true)
        #expect(FolioError.from(StorageFileError(path: "/h", problem: .folderIsAFile)).exitCode == 64)
        let denied = FolioError.from(StorageFileError(path: "/h", problem: .permissionDenied))
        #expect(denied.exitCode == 77)
        #expect(denied.why == "permission denied")
        #expect(FolioError.from(StorageFileError(path: "/h/folio.sqlite", problem: .readOnly)).exitCode == 77)
    }
}
