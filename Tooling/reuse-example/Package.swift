// swift-tools-version: 6.2
import PackageDescription

/// An app outside Folio that reuses one feature: the MutualFunds domain product and the live kernels, nothing of
/// the terminal or the web. Build and run it from this folder: `swift run fund-report 122639` (it fetches from the
/// public MF API). CI does not build it.
let package = Package(
    name: "FundReport",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Folio", path: "../..")],
    targets: [
        .executableTarget(
            name: "fund-report",
            dependencies: [
                .product(name: "MutualFunds", package: "Folio"),
                .product(name: "Caching", package: "Folio"),
                .product(name: "Failures", package: "Folio"),
                .product(name: "Networking", package: "Folio"),
                .product(name: "NetworkingAsyncHTTPClient", package: "Folio"),
                .product(name: "Persistence", package: "Folio"),
                .product(name: "PersistenceSQLite", package: "Folio"),
                .product(name: "Timing", package: "Folio"),
            ])
    ]
)
