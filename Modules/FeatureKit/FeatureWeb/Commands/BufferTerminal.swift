import FeatureKit
import Synchronization

/// The terminal a command sees when the web server runs it: output is collected, input comes from a list,
/// and nothing is interactive (so commands print plain text and never prompt or draw live screens).
final class BufferTerminal: Terminal, Sendable {
    private struct State {
        var output = ""
        var errors = ""
        var input: [String]
    }

    private let state: Mutex<State>

    init(input: [String] = []) { state = Mutex(State(input: input)) }

    var output: String { state.withLock { $0.output } }
    var errors: String { state.withLock { $0.errors } }

    var isInteractive: Bool { false }
    var errorIsInteractive: Bool { false }
    var inputIsInteractive: Bool { false }
    var width: Int { 100 }
    var height: Int { 40 }

    func write(_ text: String) { state.withLock { $0.output += text } }
    func writeError(_ text: String) { state.withLock { $0.errors += text } }

    func readLine() -> String? { state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } }

    func readSecret(prompt: String) -> String? { readLine() }

    func keyPresses() -> AsyncStream<UInt8>? { nil }
}
