import FeatureKit
import Foundation
import NetworkingAsyncHTTPClient

#if canImport(Glibc)
    import Glibc
#endif

/// The `folio` executable.
@main
enum FolioMain {
    static func main() {
        #if canImport(Glibc)
            useOneMallocArena()
        #endif
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = ProcessInfo.processInfo.environment
        AsyncHTTPClientTransport.useOneEventLoopThread(environment: environment)
        let code = MainThreadExecutor.run {
            await FolioHost.run(arguments: arguments, environment: environment, terminal: StandardTerminal())
        }
        exit(code)
    }
}

#if canImport(Glibc)
    /// One malloc arena for the whole process. The commands run on a dispatch worker thread, and glibc gives each
    /// such thread its own arena, which grows one page per `mprotect` call: a funds search made 353 of them, 7 %
    /// of its time. The main arena grows by `brk` with 128 KB to spare. A CLI process does one thing at a time,
    /// so the shared arena's lock is not contended. Called before any other thread allocates, as glibc fixes the
    /// arena limit when a second thread first needs one. `mallopt` is looked up because Glibc's Swift module
    /// leaves out `malloc.h`; `M_ARENA_MAX` is -8 in glibc's ABI.
    private func useOneMallocArena() {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(-8, 1)
    }
#endif
