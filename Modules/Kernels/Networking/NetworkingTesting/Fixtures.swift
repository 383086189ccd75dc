import Foundation

/// The recorded API responses committed under `Tests/Fixtures/`, found relative to this source file so a
/// plain clone runs its tests with no `../shared` beside it.
public enum Fixtures {
    /// The `Tests/Fixtures` directory.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // NetworkingTesting
        .deletingLastPathComponent()  // Networking
        .deletingLastPathComponent()  // Kernels
        .deletingLastPathComponent()  // Modules
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Tests/Fixtures")

    /// The URL of a fixture, e.g. `url("mfapi/search_q_hdfc_5results.json")`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// The bytes of a fixture.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The relative paths of every fixture file in `subdirectory` (e.g. `"neds"`), sorted.
    public static func files(in subdirectory: String, withExtension ext: String = "json") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(subdirectory).path)
            .filter { $0.hasSuffix("." + ext) }
            .sorted()
            .map { "\(subdirectory)/\($0)" }
    }
}
