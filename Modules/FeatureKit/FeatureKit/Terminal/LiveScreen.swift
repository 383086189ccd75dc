import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full-screen view redrawn in place (the alternate screen, cursor hidden), for watch modes.
///
/// The terminal is restored when ``run(on:_:)`` returns or throws, and on Ctrl-C or SIGTERM: the signal is
/// caught, the screen restored, and the body cancelled, so a user is never left with a hidden cursor.
public struct LiveScreen: Sendable {
    private let terminal: any Terminal

    init(terminal: any Terminal) { self.terminal = terminal }

    /// Replaces the screen's content with `lines`, cut to the terminal's size.
    public func draw(_ lines: [String]) {
        let visible = lines.prefix(max(1, terminal.height - 1)).map { TextWidth.truncate($0, to: terminal.width) }
        terminal.write("\u{1B}[H\u{1B}[2J" + visible.joined(separator: "\n") + "\n")
    }

    /// Enters the alternate screen, runs `body`, and restores the terminal however `body` ends.
    /// Ctrl-C or SIGTERM cancels `body` and returns normally.
    public static func run(
        on terminal: any Terminal, _ body: @escaping @Sendable (LiveScreen) async throws -> Void
    ) async throws {
        terminal.write("\u{1B}[?1049h\u{1B}[?25l")
        defer { terminal.write("\u{1B}[?25h\u{1B}[?1049l") }
        let screen = LiveScreen(terminal: terminal)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await body(screen) }
            group.addTask { await InterruptSignal.wait() }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }
}
