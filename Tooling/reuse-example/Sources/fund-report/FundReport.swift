import Failures
import Foundation
import MutualFunds
import Networking
import NetworkingAsyncHTTPClient
import PersistenceSQLite
import Timing

/// `fund-report CODE`: what `folio funds show CODE --format json` prints, from an app that knows nothing of
/// Folio's command line: the live kernels are built here, the use case is the domain's `FundsService`.
@main
struct FundReport {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard let code = arguments.first.flatMap(Int.init) else {
            FileHandle.standardError.write(Data("usage: fund-report SCHEME_CODE (e.g. 122639)\n".utf8))
            exit(64)
        }
        let transport = AsyncHTTPClientTransport(configuration: .init(userAgent: "fund-report/1"))
        do {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fund-report.sqlite")
            let database = try SQLiteDatabase(fileURL: cache)
            let timing = Timing.live
            let service = FundsService(
                http: RetryingHTTPClient(base: transport, timing: timing), store: database.store(namespace: "funds"),
                timing: timing, settings: FundsSettings())
            let report = try await service.report(code: code, range: .oneYear)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } catch let error as FolioError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            try? await transport.shutdown()
            exit(error.exitCode)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            try? await transport.shutdown()
            exit(70)
        }
        try? await transport.shutdown()
    }
}
