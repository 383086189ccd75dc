extension KeyedDecodingContainer {
    /// A column of whole numbers stored as an array, read element by element as `Int`.
    ///
    /// `decode([Int].self, forKey:)` goes through `Array`'s generic `init(from:)`, which asks the decoder for each
    /// element generically; asked for `Int` itself, Foundation's JSON decoder takes its concrete path, 4–5× faster on
    /// columns of a hundred elements (NetWorth's balance histories, the funds portfolio's cash flows).
    public func decodeColumn(of type: Int.Type, forKey key: Key) throws -> [Int] {
        var elements = try nestedUnkeyedContainer(forKey: key)
        var column: [Int] = []
        column.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd { column.append(try elements.decode(Int.self)) }
        return column
    }

    /// A column of texts stored as an array, read element by element (see ``decodeColumn(of:forKey:)-Int``).
    public func decodeColumn(of type: String.Type, forKey key: Key) throws -> [String] {
        var elements = try nestedUnkeyedContainer(forKey: key)
        var column: [String] = []
        column.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd { column.append(try elements.decode(String.self)) }
        return column
    }

    /// A column of texts where some are `null`, read element by element.
    public func decodeColumn(of type: String?.Type, forKey key: Key) throws -> [String?] {
        var elements = try nestedUnkeyedContainer(forKey: key)
        var column: [String?] = []
        column.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd { column.append(try elements.decodeNil() ? nil : try elements.decode(String.self)) }
        return column
    }
}
