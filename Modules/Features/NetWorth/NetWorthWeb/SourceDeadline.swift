import FeatureKit
import Money
import NetWorth

/// The value sources as a page reads them: each reading waits at most the page deadline (`web.pageDeadline`), so a
/// source whose service is down makes the page show the last recorded balance, not wait out the retries.
enum SourceDeadline {
    static func sources(
        _ directory: ValueSourceDirectory, deadline: Duration?, clock: any Clock<Duration>
    )
        -> LinkedSources
    {
        LinkedSources(
            check: { try await directory.check($0) },
            read: { source in
                guard let deadline else { return await directory.read(source) }
                return await withTaskGroup(of: SourceReading?.self) { group in
                    group.addTask { await directory.read(source) }
                    group.addTask {
                        try? await clock.sleep(for: deadline, tolerance: nil)
                        return nil
                    }
                    let first = await group.next() ?? nil
                    group.cancelAll()
                    return first ?? .unavailable("it gave no answer within \(deadline.components.seconds) s")
                }
            },
            currency: { directory.currency(of: $0) })
    }

    /// Every source the host knows now with its reading, for the link form's list; none when they do not all answer
    /// within `deadline` (the form then says so instead of holding the page).
    static func known(
        _ directory: ValueSourceDirectory, deadline: Duration?, clock: any Clock<Duration>
    ) async
        -> [KnownSource]?
    {
        guard let deadline else { return await directory.known() }
        return await withTaskGroup(of: [KnownSource]?.self) { group in
            group.addTask { await directory.known() }
            group.addTask {
                try? await clock.sleep(for: deadline, tolerance: nil)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
