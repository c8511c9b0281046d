// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "trendsh",
    products: [
        .executable(name: "trendsh", targets: ["trendsh"]),
        .executable(name: "trendsh-pg", targets: ["trendsh-pg"]),
        .library(name: "TrendKit", targets: ["TrendKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // libpq, for a PostgreSQL store: linked only by what talks to a server, never by the
        // static trendsh (Debian's libpq has no static GSSAPI or LDAP to link).
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(
            name: "TrendPostgres",
            dependencies: ["CPostgres", "TrendKit"],
            swiftSettings: strict
        ),
        .target(
            name: "CEditShim",
            dependencies: ["CEditLine"]
        ),
        .target(
            name: "TrendKit",
            dependencies: ["CSQLite"],
            swiftSettings: strict
        ),
        .target(
            name: "TrendShell",
            dependencies: ["TrendKit", "CEditLine", "CEditShim"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "trendsh",
            dependencies: ["TrendShell", "TrendKit"],
            swiftSettings: strict
        ),
        // The companion: the same trendsh, linked dynamically with libpq, which the static
        // trendsh runs in its place when --store names a PostgreSQL server.
        .executableTarget(
            name: "trendsh-pg",
            dependencies: ["TrendShell", "TrendKit", "TrendPostgres"],
            swiftSettings: strict
        ),
        .target(
            name: "TrendshTestSupport",
            dependencies: ["CSQLite", "TrendKit", "TrendShell"],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "TrendKitTests",
            dependencies: ["TrendKit", "TrendshTestSupport", "CSQLite", "TrendPostgres"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TrendShellTests",
            dependencies: ["TrendShell", "TrendKit", "TrendshTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "trendshTests",
            dependencies: ["TrendKit", "TrendshTestSupport", "CSQLite"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FaultTests",
            dependencies: ["TrendKit", "TrendshTestSupport", "CSQLite"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TutorialTests",
            dependencies: ["TrendshTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "InteractiveTests",
            dependencies: ["TrendshTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TrendPostgresTests",
            dependencies: ["TrendPostgres", "TrendKit", "TrendshTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PostgresHarnessTests",
            dependencies: ["TrendshTestSupport"],
            swiftSettings: strict
        ),
    ]
)
