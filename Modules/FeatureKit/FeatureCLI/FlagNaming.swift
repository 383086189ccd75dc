import Failures

extension FolioError {
    /// The refusal as the terminal says it: when it blames a field the person typed as an option (`--below -85`),
    /// the flag leads the message (`--below: -85 is not a level`). Shared parsers and domains word their refusals
    /// for every face and name no flag; only the terminal knows its flags. A field given as an argument, or
    /// not typed at all, is left as it is.
    public func namingFlag(typedIn arguments: [String]) -> FolioError {
        guard let field else { return self }
        let flag = "--" + field
        guard arguments.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) else { return self }
        var named = self
        named.what = "\(flag): \(what)"
        return named
    }
}
