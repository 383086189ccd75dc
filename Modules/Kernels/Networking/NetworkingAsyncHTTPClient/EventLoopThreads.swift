import NIOCore

extension AsyncHTTPClientTransport {
    /// Sizes SwiftNIO's shared event loop group, which every transport runs on, to one thread, unless
    /// `NIO_SINGLETON_GROUP_LOOP_COUNT` is set in `environment`.
    ///
    /// The group starts all its threads when first used, one per core by default. A command-line process sends
    /// a few requests, at most a handful at a time, and one event loop drives them all (the responses are
    /// decoded on the caller's side). Each further thread cost every networked command about 4 % of its time to
    /// start. Call it once, at the start of `main`, before any request: NIO only reads the setting then, and
    /// stops the program if it is set twice.
    public static func useOneEventLoopThread(environment: [String: String]) {
        guard environment["NIO_SINGLETON_GROUP_LOOP_COUNT"] == nil else { return }
        NIOSingletons.groupLoopCountSuggestion = 1
    }
}
