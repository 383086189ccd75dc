import Dispatch
import Synchronization

/// Runs a command's tasks on the process's main thread, one job at a time.
///
/// On Linux, Swift's default executor hands every task to libdispatch's pool: the first job starts a worker
/// thread, which starts dispatch's manager thread and event loop, whose pool monitor then starts more workers,
/// and each hop between them is a futex wake-up. A CLI command does one thing at a time, so that machinery only
/// costs start-up time (about 0.5 ms a process here) and scheduling noise. Tasks that prefer this executor —
/// the command's task and its child tasks, default actors included — run here instead; work that blocks still
/// has its own threads (SwiftNIO's event loops, the key-press reader), and unstructured tasks, timers and
/// signal sources still use dispatch, handing their continuations back through ``enqueue(_:)``.
final class MainThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let jobArrived = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        jobArrived.signal()
    }

    /// Runs `operation` as a task that prefers this executor, running its jobs on the calling thread until the
    /// operation returns; jobs still queued then are left unrun (the process is about to exit).
    static func run(_ operation: sending @escaping () async -> Int32) -> Int32 {
        let executor = MainThreadExecutor()
        let result = Mutex<Int32?>(nil)
        Task(executorPreference: executor) {
            let value = await operation()
            result.withLock { $0 = value }
            executor.jobArrived.signal()
        }
        while true {
            executor.jobArrived.wait()
            if let value = result.withLock({ $0 }) { return value }
            let job = executor.jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?.runSynchronously(on: executor.asUnownedTaskExecutor())
        }
    }
}
