import Failures
import Money

/// Every value source the registry's plug-ins contribute, as the host hands it to a feature through its
/// context: a name is checked when a link is made and read when a value is needed. A disabled feature's sources
/// stay listed so that reading one says why it is gone instead of calling it unknown.
public struct ValueSourceDirectory: Sendable {
    /// One plug-in's contribution.
    public struct Provider: Sendable {
        /// The contributing feature's id, the first word of its sources' names.
        public let featureID: String
        /// Its kinds of source.
        public let kinds: [ValueSourceKind]
        /// Why its sources cannot be read (the feature is disabled); nil when they can.
        public let disabledBecause: String?
        /// The contributing feature's own context, built when a source of it is first read.
        public let context: @Sendable () throws -> FeatureContext

        /// Creates a provider.
        public init(
            featureID: String, kinds: [ValueSourceKind], disabledBecause: String? = nil,
            context: @escaping @Sendable () throws -> FeatureContext
        ) {
            self.featureID = featureID
            self.kinds = kinds
            self.disabledBecause = disabledBecause
            self.context = context
        }
    }

    /// The providers, in registry order.
    public let providers: [Provider]

    /// Creates a directory.
    public init(providers: [Provider]) { self.providers = providers.filter { !$0.kinds.isEmpty } }

    /// No sources: what a context has unless the host gives it some.
    public static let none = ValueSourceDirectory(providers: [])

    /// Every name pattern (`stocks:portfolio/<EMAIL>`), for help and refusals.
    public var patterns: [String] {
        providers.flatMap { provider in provider.kinds.map { $0.pattern(feature: provider.featureID) } }
    }

    /// Checks that `name` can be followed and reads it once: the reading when it parses, names a known kind of an
    /// enabled feature and its argument names something (a source that is down reads as unavailable).
    /// - Throws: ``FolioError`` (field `source`): invalid for a malformed name, notFound for an unknown source or
    ///   argument, usage for a disabled feature's source.
    public func check(_ name: String) async throws -> SourceReading {
        let (provider, kind, argument) = try resolve(name)
        if let disabled = provider.disabledBecause {
            throw FolioError(
                .usage, "cannot follow \(name)", why: disabled, hint: "enable it again to link to its sources",
                field: "source")
        }
        do {
            return reading(try await kind.read(argument, try provider.context()), of: name)
        } catch let error as FolioError where [.notFound, .invalid].contains(error.kind) {
            throw FolioError(
                .notFound, "there is no source \(name)", why: error.line, hint: error.hint, field: "source")
        } catch {
            return .unavailable(FolioError.from(error).line)
        }
    }

    /// The currency the kind `name` names values in, whether or not it has a value now; nil for a name that names no
    /// kind, or a kind whose currency varies.
    public func currency(of name: String) -> String? {
        (try? resolve(name))?.1.currency
    }

    /// The current reading of `name`; never throws: what cannot be read says why.
    public func read(_ name: String) async -> SourceReading {
        let provider: Provider
        let kind: ValueSourceKind
        let argument: String?
        do {
            (provider, kind, argument) = try resolve(name)
        } catch {
            return .unavailable(FolioError.from(error).line)
        }
        if let disabled = provider.disabledBecause { return .unavailable(disabled) }
        do {
            return reading(try await kind.read(argument, try provider.context()), of: name)
        } catch {
            return .unavailable(FolioError.from(error).line)
        }
    }

    /// Every source of an enabled feature that names something now, read concurrently, in registry and name
    /// order: a kind without an argument is its one source (listed only when it has a value), a kind with one lists
    /// its ``ValueSourceKind/instances``. A kind that cannot list its instances (its service down) lists none.
    public func known() async -> [KnownSource] {
        var names: [(name: String, summary: String)] = []
        for provider in providers where provider.disabledBecause == nil {
            for kind in provider.kinds {
                let prefix = "\(provider.featureID):\(kind.name)"
                if kind.argument == nil {
                    names.append((prefix, kind.summary))
                } else if let list = kind.instances, let context = try? provider.context(),
                    let arguments = try? await list(context)
                {
                    names += arguments.sorted().map { ("\(prefix)/\($0)", kind.summary) }
                }
            }
        }
        let readings = await withTaskGroup(of: (Int, SourceReading).self) { group in
            for (index, entry) in names.enumerated() {
                group.addTask { (index, await read(entry.name)) }
            }
            var readings: [Int: SourceReading] = [:]
            for await (index, reading) in group { readings[index] = reading }
            return readings
        }
        return names.indices.compactMap { index in
            guard let reading = readings[index] else { return nil }
            if case .nothing = reading, names[index].name.firstIndex(of: "/") == nil { return nil }
            return KnownSource(name: names[index].name, summary: names[index].summary, reading: reading)
        }
    }

    private func reading(_ value: SourcedValue?, of name: String) -> SourceReading {
        value.map(SourceReading.value) ?? .nothing("\(name) has nothing to value yet")
    }

    /// Splits `<feature>:<kind>[/<argument>]` and finds its provider and kind.
    private func resolve(_ name: String) throws(FolioError) -> (Provider, ValueSourceKind, String?) {
        let hint =
            patterns.isEmpty
            ? "no feature contributes value sources" : "sources are " + patterns.joined(separator: ", ")
        guard let colon = name.firstIndex(of: ":") else {
            throw FolioError(
                .invalid, "\"\(name)\" is not a source name",
                why: "a source is named FEATURE:KIND or FEATURE:KIND/ARGUMENT",
                hint: hint, field: "source")
        }
        let feature = String(name[..<colon])
        let rest = name[name.index(after: colon)...]
        let slash = rest.firstIndex(of: "/")
        let kindName = String(rest[..<(slash ?? rest.endIndex)])
        let argument = slash.map { String(rest[rest.index(after: $0)...]) }
        guard !feature.isEmpty, !kindName.isEmpty, argument?.isEmpty != true,
            !name.contains(where: { $0.isWhitespace && $0 != " " })
        else {
            throw FolioError(
                .invalid, "\"\(name)\" is not a source name",
                why: "a source is named FEATURE:KIND or FEATURE:KIND/ARGUMENT",
                hint: hint, field: "source")
        }
        guard let provider = providers.first(where: { $0.featureID == feature }) else {
            throw FolioError(
                .notFound, "there is no source \(name)", why: "no feature \"\(feature)\" contributes value sources",
                hint: hint, field: "source")
        }
        guard let kind = provider.kinds.first(where: { $0.name == kindName }) else {
            throw FolioError(
                .notFound, "there is no source \(name)", why: "\(feature) has no source \"\(kindName)\"", hint: hint,
                field: "source")
        }
        switch (kind.argument, argument) {
        case (let wanted?, nil):
            throw FolioError(
                .invalid, "\"\(name)\" is not a source name", why: "\(feature):\(kindName) needs /<\(wanted)> after it",
                hint: "for example \(kind.pattern(feature: feature))", field: "source")
        case (nil, _?):
            throw FolioError(
                .invalid, "\"\(name)\" is not a source name", why: "\(feature):\(kindName) takes nothing after it",
                hint: "use \(feature):\(kindName)", field: "source")
        default:
            return (provider, kind, argument)
        }
    }
}
