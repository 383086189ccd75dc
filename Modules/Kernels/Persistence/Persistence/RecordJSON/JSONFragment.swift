/// A JSON value being built by ``RecordJSONEncoder``: scalars keep their text, containers stay open until the
/// whole value has been encoded, because Codable may add to a container after handing out a nested one.
enum JSONFragment {
    /// A number, already in its JSON spelling.
    case number(String)
    /// A string, escaped when written.
    case string(String)
    case bool(Bool)
    case null
    case object(JSONObjectBox)
    case array(JSONArrayBox)
    /// Whatever a nested encoder (`superEncoder()` or a non-primitive value) ends up holding; `{}` when nothing.
    case encoder(RecordJSONEncoder.Node)
}

/// An object's members in the order they were encoded; sorted when written.
final class JSONObjectBox {
    var members: [(key: String, value: JSONFragment)] = []
}

/// An array's elements.
final class JSONArrayBox {
    var elements: [JSONFragment] = []
}
