// swift-tools-version: 6.2
import PackageDescription

// MARK: - Settings shared by every target

/// Swift 6 mode comes from the tools version; these make the rest of the house rules compile-time rules.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

// MARK: - Third-party products

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let flyingFox: Target.Dependency = .product(name: "FlyingFox", package: "FlyingFox")
let flyingSocks: Target.Dependency = .product(name: "FlyingSocks", package: "FlyingFox")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
let cryptoExtras: Target.Dependency = .product(name: "CryptoExtras", package: "swift-crypto")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting: Target.Dependency = .product(name: "HummingbirdTesting", package: "hummingbird")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")
let csv: Target.Dependency = .product(name: "CSV", package: "CSV.swift")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")
let nio: [Target.Dependency] =
    ["NIOCore", "NIOPosix", "NIOHTTP1", "NIOFoundationCompat"].map {
        .product(name: $0, package: "swift-nio")
    } + [.product(name: "NIOHTTPCompression", package: "swift-nio-extras")]

// MARK: - Features

/// One line per feature: a team adds its line here and one in `Apps/folio/FeatureRegistry.swift`.
/// Each feature is a reusable domain target `<name>` plus the plug-in target `<name>Commands`.
struct Feature {
    var name: String
    /// Extra dependencies of the domain target (third-party only; never another feature).
    var domain: [Target.Dependency] = []
    /// Extra dependencies of the plug-in target.
    var commands: [Target.Dependency] = []
    /// Resources of the domain target.
    var resources: [Resource] = []
    /// Further domain targets in the feature's folder, each built on the first (`MutualFundsPortfolio` on
    /// `MutualFunds`) and reusable with it; the faces use them all.
    var libraries: [String] = []
    /// Whether the feature has web pages: a target `<name>Web` for `folio serve` (and `<name>WebTests`).
    var web = false
}

let features: [Feature] = [
    Feature(name: "MutualFunds", commands: [logging], libraries: ["MutualFundsPortfolio"], web: true),
    Feature(name: "NetWorth", web: true),
    Feature(
        name: "StockTrading", domain: [crypto, cryptoExtras, "MarketData"],
        resources: [.embedInCode("Analytics/common-passwords.txt")], web: true),
    Feature(name: "Racing", web: true),
    Feature(name: "ETFAnalyzer", domain: ["MarketData"], web: true),
]

// MARK: - Target helpers

func kernel(_ name: String, dependencies: [Target.Dependency] = [], folder: String? = nil) -> Target {
    .target(
        name: name,
        dependencies: dependencies,
        path: "Modules/Kernels/\(folder ?? name)/\(name)",
        swiftSettings: strictSettings
    )
}

func unitTests(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)", swiftSettings: strictSettings)
}

/// The feature's plug-in target: its faces joined into the one value the host registers.
func pluginTarget(for feature: Feature) -> Target {
    let name = feature.name
    return .target(
        name: "\(name)Feature",
        dependencies: [.target(name: "\(name)Commands"), "FeatureHost"]
            + (feature.web ? [.target(name: "\(name)Web")] : []),
        path: "Modules/Features/\(name)/\(name)Feature", swiftSettings: strictSettings)
}

/// The feature's web target and its route tests, when it has pages.
func webTargets(for feature: Feature) -> [Target] {
    let name = feature.name
    guard feature.web else { return [] }
    return [
        .target(
            name: "\(name)Web",
            dependencies: domains(of: feature) + [
                "AlertRules", "Alerting", "CSVText", "Caching", "Failures", "FeatureKit", "FeatureWeb", "Money",
                "Persistence", "Settings", "Timing", hummingbird, httpTypes,
            ],
            path: "Modules/Features/\(name)/\(name)Web", swiftSettings: strictSettings),
        unitTests(
            "\(name)WebTests",
            dependencies: [
                .target(name: "\(name)Web"), .target(name: "\(name)Commands"), "AlertRules", "Alerting", "CSVText",
                "Failures",
                "FeatureCLI",
                "FeatureWeb", "FeatureKit", "FeatureKitTesting", "Money",
                "Networking", "NetworkingTesting", "Persistence", "Settings", "Timing", "TimingTesting", hummingbird,
                hummingbirdTesting,
                httpTypes,
                argumentParser,
            ] + domains(of: feature)),
    ]
}

/// The feature's domain targets: the first, named after the feature, and the ones built on it.
func domains(of feature: Feature) -> [Target.Dependency] {
    ([feature.name] + feature.libraries).map { .target(name: $0) }
}

/// A further domain target of the feature and its tests: built on the feature's first domain and the kernels.
func libraryTargets(_ library: String, of feature: Feature) -> [Target] {
    let kernels: [Target.Dependency] = [
        "AlertRules", "CSVText", "Caching", "Failures", "Money", "Networking", "Persistence", "Settings", "Timing",
    ]
    return [
        .target(
            name: library, dependencies: [.target(name: feature.name)] + kernels,
            path: "Modules/Features/\(feature.name)/\(library)", swiftSettings: strictSettings),
        unitTests(
            "\(library)Tests",
            dependencies: [
                .target(name: library), .target(name: feature.name), "NetworkingTesting", "PersistenceTesting",
                "TimingTesting",
            ]
                + kernels),
    ]
}

func targets(for feature: Feature) -> [Target] {
    let name = feature.name
    return feature.libraries.flatMap { libraryTargets($0, of: feature) } + [
        .target(
            name: name,
            dependencies: [
                "AlertRules", "CSVText", "Caching", "Failures", "Money", "Networking", "Persistence", "Settings",
                "Timing",
            ]
                + feature.domain,
            path: "Modules/Features/\(name)/\(name)",
            exclude: [],
            resources: feature.resources,
            swiftSettings: strictSettings
        ),
        .target(
            name: "\(name)Commands",
            dependencies: domains(of: feature) + [
                "AlertRules", "Alerting", "CSVText", "Caching", "Failures", "FeatureCLI", "FeatureKit", "Money",
                "Networking", "Persistence", "Settings", "Timing", argumentParser,
            ]
                + feature.commands,
            path: "Modules/Features/\(name)/\(name)Commands",
            swiftSettings: strictSettings
        ),
        unitTests(
            "\(name)Tests",
            dependencies: [
                .target(name: name), "CSVText", "Caching", "Failures", "Money", "Networking", "Persistence", "Timing",
                "NetworkingTesting", "PersistenceTesting", "TimingTesting",
            ]
        ),
        unitTests(
            "\(name)CommandsTests",
            dependencies: domains(of: feature) + [
                .target(name: "\(name)Commands"), "AlertRules", "Alerting", "CSVText", "Caching", "Failures",
                "FeatureCLI",
                "FeatureKit",
                "FeatureKitTesting", "Money",
                "Networking", "Persistence", "Settings", "Timing", "NetworkingTesting", "PersistenceTesting",
                "TimingTesting",
                argumentParser, "folio",
            ]
        ),
    ]
}

/// The features' plug-in targets, which the host registers.
let pluginDependencies: [Target.Dependency] = features.map { .target(name: "\($0.name)Feature") }

/// Each feature's domain targets and its terminal face, as libraries another package may use.
let featureProducts: [Product] = features.flatMap { feature -> [Product] in
    let domains = ([feature.name] + feature.libraries).map { Product.library(name: $0, targets: [$0]) }
    return domains + [.library(name: "\(feature.name)Commands", targets: ["\(feature.name)Commands"])]
}

// MARK: - Package

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "Money", targets: ["Money"]),
        .library(name: "Failures", targets: ["Failures"]),
        .library(name: "Settings", targets: ["Settings"]),
        .library(name: "Caching", targets: ["Caching"]),
        .library(name: "Timing", targets: ["Timing"]),
        .library(name: "TimingTesting", targets: ["TimingTesting"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingAsyncHTTPClient", targets: ["NetworkingAsyncHTTPClient"]),
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "PersistenceSQLite", targets: ["PersistenceSQLite"]),
        .library(name: "PersistencePostgres", targets: ["PersistencePostgres"]),
        .library(name: "PersistenceTesting", targets: ["PersistenceTesting"]),
        .library(name: "PersistencePostgresTesting", targets: ["PersistencePostgresTesting"]),
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
        .library(name: "FeatureCLI", targets: ["FeatureCLI"]),
        .library(name: "FeatureKitTesting", targets: ["FeatureKitTesting"]),
    ] + featureProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // MARK: - Kernels

        /** Exact decimal amounts (money, prices, NAVs, units, rates), rounding, formatting, cash flows, XIRR. */
        kernel("Money"),
        /** FolioError: the one refusal type every face renders (kind, message, hint, blamed field). Imports nothing. */
        kernel("Failures"),
        /** Configuration: settings from the environment, `config.json` and defaults, with errors naming their source. */
        kernel("Settings", dependencies: ["Failures"]),
        /** The cache-first / stale-if-error policy over a store and the clocks, for any domain service. */
        kernel("Caching", dependencies: ["Failures", "Persistence", "Timing"]),
        /** CSV texts as a header and rows with their lines (yaslab/CSV.swift), for domains and faces alike. */
        kernel("CSVText", dependencies: ["Settings", csv]),
        /** The words alert kinds are written in (input, definition, reading, levels): domains state their rules in them. */
        kernel("AlertRules", dependencies: ["Failures", "Money"]),
        /** Wall clock, sleeping clock, the shared Ticker and duration formatting. Imports nothing of ours. */
        kernel("Timing"),
        /** ManualClock and pinned wall clocks for tests. */
        kernel("TimingTesting", dependencies: ["Timing"], folder: "Timing"),
        /** HTTPClient protocol, requests, typed decoding, RetryPolicy, errors. */
        kernel("Networking", dependencies: ["Timing"]),
        /** The live HTTP transport on AsyncHTTPClient (SwiftNIO): no libcurl in the binary. */
        kernel(
            "NetworkingAsyncHTTPClient", dependencies: ["Networking", asyncHTTPClient] + nio, folder: "Networking"),
        /** Stub clients and the FlyingFox loopback fixture server for tests. */
        kernel("NetworkingTesting", dependencies: ["Networking", flyingFox, flyingSocks], folder: "Networking"),
        /** Ordered key-value records, transactions, expiry, text index, in-memory backend. */
        kernel("Persistence"),
        /** The embedded default backend: SQLite through GRDB (WAL, FTS5). */
        kernel(
            "PersistenceSQLite",
            dependencies: ["Persistence", grdb, .product(name: "GRDBSQLite", package: "GRDB.swift")],
            folder: "Persistence"),
        /** The shared-server backend: PostgreSQL through PostgresNIO (one database for many machines). */
        kernel(
            "PersistencePostgres",
            dependencies: [
                "Persistence", postgresNIO, logging, .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            folder: "Persistence"),
        /** A fresh schema per test on the server `FOLIO_TEST_DATABASE_URL` names. */
        kernel(
            "PersistencePostgresTesting", dependencies: ["Persistence", "PersistencePostgres"], folder: "Persistence"),
        /** Stores that fail loudly or record what they were asked, for tests. */
        kernel("PersistenceTesting", dependencies: ["Persistence"], folder: "Persistence"),

        // MARK: - FeatureKit

        /** The plug-in contract, FeatureContext, output (tables, JSON, CSV, charts), fetch policy, errors. */
        .target(
            name: "FeatureKit",
            dependencies: [
                "CSVText", "Failures", "MarketData", "Money", "Networking", "Persistence", "Settings", "Timing",
                logging,
            ],
            path: "Modules/FeatureKit/FeatureKit",
            swiftSettings: strictSettings
        ),
        /** Alert kinds contributed by plug-ins, the host's alert state and outbox, webhook delivery. */
        .target(
            name: "Alerting",
            dependencies: ["AlertRules", "Failures", "FeatureKit", "Money", "Networking", "Persistence", "Timing"],
            path: "Modules/FeatureKit/Alerting",
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        /** The household's overview (`folio overview`, `/`): net worth, trend, allocation, movers, from the extension points. */
        .target(
            name: "Overview",
            dependencies: ["AlertRules", "Alerting", "Failures", "FeatureKit", "Money", "Timing"],
            path: "Modules/FeatureKit/Overview",
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        /** The terminal's part of the plug-in contract: FeatureCommand, FeatureDescriptor, --format and --output. */
        .target(
            name: "FeatureCLI",
            dependencies: [
                "AlertRules", "Alerting", "Failures", "FeatureKit", "Persistence", "Settings", argumentParser,
            ],
            path: "Modules/FeatureKit/FeatureCLI",
            swiftSettings: strictSettings
        ),
        /** FeatureContext.test(...) and captured output for feature tests. */
        .target(
            name: "FeatureKitTesting",
            dependencies: [
                "Failures", "FeatureKit", "Networking", "Persistence", "Settings", "Timing", "NetworkingTesting",
                "PersistenceTesting", "TimingTesting", logging,
            ],
            path: "Modules/FeatureKit/FeatureKitTesting",
            swiftSettings: strictSettings
        ),

        // MARK: - Host

        /** The `folio` host: composition root, registry, configuration, entry point. */
        .executableTarget(
            name: "folio",
            dependencies: [
                "AlertRules", "Alerting", "Caching", "Failures", "FeatureCLI", "FeatureKit", "Networking",
                "NetworkingAsyncHTTPClient",
                "Persistence", "PersistenceSQLite", "PersistencePostgres", "Settings", "Timing", argumentParser,
                logging,
                crypto, cryptoExtras,
            ] + pluginDependencies,
            path: "Apps/folio",
            swiftSettings: strictSettings
        ),

        // MARK: - Tooling

        /** Prints benchmark figures for the kernels (`swift run -c release folio-benchmarks`). */
        .executableTarget(
            name: "folio-benchmarks",
            dependencies: [
                "Money", "Persistence", "PersistenceSQLite", "PersistencePostgres", "Networking", "Timing",
                "MutualFunds", "StockTrading",
            ],
            path: "Tooling/Benchmarks",
            swiftSettings: strictSettings
        ),
        /** A child process for the multi-process SQLite tests (increments, transactions killed mid-way). */
        .executableTarget(
            name: "persistence-probe",
            dependencies: ["Persistence", "PersistenceSQLite", "PersistencePostgres"],
            path: "Tests/Support/PersistenceProbe",
            swiftSettings: strictSettings
        ),

        // MARK: - Tests

        unitTests(
            "MoneyTests", dependencies: ["Money", .product(name: "PropertyBased", package: "swift-property-based")]),
        unitTests("TimingTests", dependencies: ["Timing", "TimingTesting"]),
        unitTests(
            "CachingTests",
            dependencies: ["Caching", "Failures", "Networking", "Persistence", "Timing", "TimingTesting"]),
        unitTests(
            "NetworkingTests",
            dependencies: ["Networking", "NetworkingAsyncHTTPClient", "NetworkingTesting", "Timing", "TimingTesting"]
        ),
        unitTests(
            "PersistenceTests",
            dependencies: [
                "Persistence", "PersistenceSQLite", "PersistencePostgres", "PersistencePostgresTesting",
                "PersistenceTesting", "TimingTesting", "persistence-probe", grdb,
            ]
        ),
        unitTests(
            "PersistencePostgresTests",
            dependencies: [
                "Persistence", "PersistencePostgres", "PersistencePostgresTesting", "TimingTesting",
                "persistence-probe", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        unitTests(
            "FeatureKitTests",
            dependencies: [
                "CSVText", "Caching", "Failures", "FeatureCLI", "FeatureKit", "FeatureKitTesting", "Money",
                "Networking",
                "NetworkingTesting", "Persistence", "Settings", "Timing", "TimingTesting", argumentParser, csv,
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        unitTests(
            "FolioTests",
            dependencies: [
                "folio", "Failures", "FeatureCLI", "FeatureHost", "FeatureKit", "FeatureKitTesting", "FeatureWeb",
                "Networking", "Persistence",
                "PersistenceTesting", "Timing", "TimingTesting", argumentParser,
            ]
        ),
        unitTests(
            "AlertingTests",
            dependencies: [
                "AlertRules", "Alerting", "Failures", "FeatureKit", "FeatureKitTesting", "Money", "Networking",
                "NetworkingAsyncHTTPClient",
                "NetworkingTesting", "Persistence", "PersistenceSQLite", "PersistencePostgres",
                "PersistencePostgresTesting",
                "Settings", "Timing", "TimingTesting",
            ]),
        unitTests(
            "OverviewTests",
            dependencies: [
                "Alerting", "AlertRules", "Failures", "FeatureKit", "FeatureKitTesting", "Money", "Overview", "Timing",
            ]),
        unitTests(
            "FolioEndToEndTests",
            dependencies: ["folio", "FeatureKitTesting", "NetworkingTesting", "PersistencePostgresTesting"]),
    ] + features.flatMap(targets(for:))
)

// MARK: - Web (`folio serve`)

package.targets +=
    [
        /** The shared web chrome for `folio serve`: layout, forms, tables, SVG charts, SSE, CSRF, sessions, security. */
        .target(
            name: "FeatureWeb",
            dependencies: [
                "AlertRules", "Alerting", "Caching", "Failures", "FeatureKit", "Money", "Overview", "Persistence",
                "Timing", logging,
                hummingbird, httpTypes, serviceLifecycle,
                crypto, .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Modules/FeatureKit/FeatureWeb",
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        unitTests(
            "FeatureWebTests",
            dependencies: [
                "AlertRules", "Alerting", "Failures", "FeatureCLI", "FeatureHost", "FeatureWeb", "FeatureKit",
                "FeatureKitTesting", "NetworkingTesting", "Persistence",
                "Money", "Overview", "PersistencePostgres", "PersistencePostgresTesting", "PersistenceSQLite", "Timing",
                "TimingTesting",
                hummingbird, hummingbirdTesting, httpTypes, argumentParser, "folio",
            ]),
        /** The one value a feature hands the host: its terminal and web faces side by side. */
        .target(
            name: "FeatureHost", dependencies: ["FeatureCLI", "FeatureWeb"], path: "Modules/FeatureKit/FeatureHost",
            swiftSettings: strictSettings),
    ] + features.flatMap(webTargets(for:))
package.targets += features.map(pluginTarget(for:))
package.dependencies += [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
]
package.targets.first { $0.name == "folio" }?.dependencies +=
    [
        "FeatureHost", "FeatureWeb", "Money", "Overview", hummingbird, serviceLifecycle,
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
    ]

// MARK: - Market data (a kernel; only Apps/ links the live providers)

package.targets += [
    /** Quotes, daily bars and corporate actions behind a protocol; the simulated market; limits, cache, fallback. */
    kernel("MarketData", dependencies: ["Failures", "Money", "Networking", "Persistence", "Settings", "Timing"]),
    /** Scripted providers for tests. */
    kernel("MarketDataTesting", dependencies: ["MarketData", "Money", "Timing"], folder: "MarketData"),
    /** Yahoo Finance's v8 chart API (unofficial, no key). */
    kernel("MarketDataYahoo", dependencies: ["MarketData", "Money", "Networking", "Timing"], folder: "MarketData"),
    /** Alpha Vantage's GLOBAL_QUOTE and TIME_SERIES_DAILY (with a key). */
    kernel(
        "MarketDataAlphaVantage", dependencies: ["MarketData", "Money", "Networking", "Timing"], folder: "MarketData"),
    unitTests(
        "MarketDataTests",
        dependencies: [
            "MarketData", "MarketDataTesting", "Failures", "Money", "Persistence", "PersistenceSQLite", "Settings",
            "Timing", "TimingTesting",
        ]),
    unitTests(
        "MarketDataProvidersTests",
        dependencies: [
            "MarketData", "MarketDataYahoo", "MarketDataAlphaVantage", "Failures", "Money", "Networking",
            "NetworkingAsyncHTTPClient", "NetworkingTesting", "Persistence", "Timing", "TimingTesting",
        ]),
]
package.targets.first { $0.name == "folio" }?.dependencies +=
    ["MarketData", "MarketDataYahoo", "MarketDataAlphaVantage"]
package.targets.first { $0.name == "folio-benchmarks" }?.dependencies.append("MarketData")
package.targets.first { $0.name == "StockTradingTests" }?.dependencies += [
    "AlertRules", "MarketData", "MarketDataTesting",
]
package.targets.first { $0.name == "StockTradingWebTests" }?.dependencies += ["MarketData", "MarketDataTesting"]
for face in ["StockTradingCommands", "StockTradingWeb", "ETFAnalyzerCommands"] {
    package.targets.first { $0.name == face }?.dependencies.append("MarketData")
}
package.targets.first { $0.name == "StockTradingCommandsTests" }?.dependencies += ["MarketData", "MarketDataTesting"]
package.targets.first { $0.name == "ETFAnalyzerCommandsTests" }?.dependencies += ["MarketData", "MarketDataTesting"]
package.targets.first { $0.name == "ETFAnalyzerWebTests" }?.dependencies += ["MarketData", "MarketDataTesting"]

// MARK: - Operations (`folio serve`'s /metrics: swift-metrics through a Prometheus registry, injected, never bootstrapped)

package.dependencies += [
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
]
package.targets.first { $0.name == "FeatureWeb" }?.dependencies += ["Networking"]
package.targets.first { $0.name == "FeatureWebTests" }?.dependencies += [logging]
// Gzip for pages, styles, scripts and JSON over 1 KB (issue 38 item 6).
package.dependencies.append(.package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"))
for name in ["FeatureWeb", "FeatureWebTests"] {
    package.targets.first { $0.name == name }?.dependencies.append(
        .product(name: "CompressNIO", package: "compress-nio"))
}
for name in ["FeatureWeb", "FeatureWebTests", "folio"] {
    package.targets.first { $0.name == name }?.dependencies += [
        .product(name: "Metrics", package: "swift-metrics"), .product(name: "Prometheus", package: "swift-prometheus"),
    ]
}
