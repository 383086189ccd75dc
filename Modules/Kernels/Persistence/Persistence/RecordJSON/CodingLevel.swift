/// One level of a value being encoded or decoded, linked to the level above it. The coding path is built only
/// when asked (errors, custom coding): keeping it per level would cost an array per value.
protocol CodingLevel: AnyObject {
    var parentLevel: Self? { get }
    var levelKey: (any CodingKey)? { get }
}

extension CodingLevel {
    /// The keys from the top of the value down to this level.
    var pathFromTop: [any CodingKey] {
        var path: [any CodingKey] = []
        var level: Self? = self
        while let current = level {
            if let key = current.levelKey { path.append(key) }
            level = current.parentLevel
        }
        return path.reversed()
    }
}
