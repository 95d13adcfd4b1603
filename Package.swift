// swift-tools-version:6.0
import PackageDescription

/// One list of compiler settings shared by every target: Swift 6 mode is set
/// package-wide below; `ExistentialAny` makes `any` explicit everywhere.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "plan",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "plan", targets: ["plan"]),
        // The fuzz entry points, for the libFuzzer package in Fuzz/ (docs/fuzzing.md).
        .library(name: "PlanFuzz", targets: ["PlanFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // The only C: libical through pkg-config (Debian: libical-dev).
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"]), .brew(["libical"])]
        ),
        // SQLite, the system library (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // librsvg 2 and cairo (Debian: librsvg2-dev): SVG drawn to PNG.
        .systemLibrary(
            name: "CLibrsvg",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // Domain, time arithmetic and scheduling, and what both faces share of its wording and layout
        // (refit reasons in words, terminal-safe text, the week laid out): pure, no I/O, no dependencies.
        .target(name: "PlanCore", swiftSettings: swiftSettings),
        // The JSON toolkit: a value that keeps numbers' text and members' order, its parser, the one writer
        // (and its fast `plan events --json` lines, written straight into the writer's buffer). Pure, no I/O.
        .target(name: "PlanJSON", dependencies: ["PlanCore"], swiftSettings: swiftSettings),
        // Course catalogs and the timetable builder, with the catalog file formats (plan's JSON, a registrar's
        // CSV, umd.io) and the build's `--json`: bytes in, values out. Pure, no I/O.
        .target(name: "PlanTimetable", dependencies: ["PlanCore", "PlanJSON"], swiftSettings: swiftSettings),
        // Study groups: finding a time a group can meet, over members' busy time. Pure, no I/O.
        .target(name: "PlanGroups", dependencies: ["PlanCore"], swiftSettings: swiftSettings),
        // The grade book's arithmetic: averages, GPA, what-ifs, the score needed, rules. Pure, in decimal.
        .target(name: "PlanGrades", swiftSettings: swiftSettings),
        // Paths as a user expects them: only regular files read, outputs written into a link's target
        // or a FIFO and never replacing what a path names, partial files of killed writers swept.
        .target(name: "PlanFiles", swiftSettings: swiftSettings),
        // The only module that imports CLibical: .ics in, .ics out.
        .target(name: "PlanICal", dependencies: ["CLibical", "PlanCore", "PlanFiles"], swiftSettings: swiftSettings),
        // Persistence: projects, tasks, sittings, calendars, policy and course catalogs in one SQLite file.
        .target(name: "PlanStore", dependencies: ["CSQLite", "PlanCore", "PlanFiles", "PlanTimetable", "PlanGrades", "PlanGroups"], swiftSettings: swiftSettings),
        // Text renderings of domain values (plans, diagnostics, occurrences, agenda rows): values in, String out.
        .target(name: "PlanRender", dependencies: ["PlanCore", "PlanTimetable", "PlanGrades", "PlanGroups"], swiftSettings: swiftSettings),
        // The only module that imports CLibrsvg: SVG text in, PNG bytes out.
        .target(name: "PlanImage", dependencies: ["CLibrsvg"], swiftSettings: swiftSettings),
        // The only module that talks HTTP: calendar subscriptions fetched with ETags, credentials from .netrc.
        .target(
            name: "PlanDAV",
            dependencies: [
                "PlanCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        // The operations of the shell and the editor protocol: store + calendars + scheduler.
        .target(name: "PlanService", dependencies: ["PlanCore", "PlanFiles", "PlanTimetable", "PlanGrades", "PlanGroups", "PlanICal", "PlanStore", "PlanDAV"], swiftSettings: swiftSettings),
        // Versioned wire types shared by `--json` output and `plan rpc` (what happened: a code and its data),
        // the inputs both faces read, and the one table of exit statuses and RPC error codes.
        .target(name: "PlanProtocol", dependencies: ["PlanCore", "PlanJSON", "PlanFiles", "PlanTimetable", "PlanGrades", "PlanGroups", "PlanICal", "PlanStore", "PlanService"], swiftSettings: swiftSettings),
        // The second face: the JSON-RPC 2.0 server of `plan rpc` (framing, params, errors, one file per method family).
        .target(name: "PlanRPC", dependencies: ["PlanCore", "PlanJSON", "PlanTimetable", "PlanGrades", "PlanGroups", "PlanICal", "PlanStore", "PlanService", "PlanProtocol"], swiftSettings: swiftSettings),
        // ArgumentParser commands, output formatting, exit codes.
        .target(
            name: "PlanCLI",
            dependencies: [
                "PlanCore", "PlanTimetable", "PlanGrades", "PlanGroups", "PlanICal", "PlanStore", "PlanService", "PlanRender", "PlanJSON", "PlanProtocol", "PlanRPC",
                "PlanImage", "PlanDAV", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "plan", dependencies: ["PlanCLI"], swiftSettings: swiftSettings),
        // plan(1) from the command definitions: `plan --experimental-dump-help | plan-manual > plan.1` (Packaging/install.sh).
        .executableTarget(name: "plan-manual", swiftSettings: swiftSettings),
        // What each fuzz target does with its bytes: run by Fuzz/ under libFuzzer and by PlanFuzzTests without it.
        .target(name: "PlanFuzz", dependencies: ["PlanCore", "PlanJSON", "PlanTimetable", "PlanGroups", "PlanICal", "PlanStore", "PlanService", "PlanProtocol", "PlanRPC", "PlanDAV"], swiftSettings: swiftSettings),
        // The short fuzz pass of one target, run by MutationPassTests in a process of its own (docs/fuzzing.md).
        .executableTarget(name: "plan-fuzz-pass", dependencies: ["PlanFuzz"], swiftSettings: swiftSettings),
        // The benchmark of issue 6: `swift run -c release plan-bench [--quick] [--json FILE]`.
        .executableTarget(
            name: "plan-bench",
            dependencies: [
                "PlanCore", "PlanTimetable", "PlanGroups", "PlanICal", "PlanStore", "PlanService", "PlanJSON", "PlanProtocol", "PlanRender", "PlanCLI", "PlanDAV",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "PlanCoreTests", dependencies: ["PlanCore", "PlanRender"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanTimetableTests", dependencies: ["PlanTimetable", "PlanCore"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanGroupsTests", dependencies: ["PlanGroups", "PlanCore"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanGradesTests", dependencies: ["PlanGrades"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanRenderTests", dependencies: ["PlanRender", "PlanCore", "PlanImage", "PlanGrades", "PlanTimetable"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanICalTests", dependencies: ["PlanICal", "PlanCore", "PlanFiles", "CLibical"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanStoreTests", dependencies: ["PlanStore", "PlanCore", "PlanGroups", "PlanTimetable"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanDAVTests", dependencies: ["PlanDAV"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanServiceTests", dependencies: ["PlanService", "PlanTimetable", "PlanStore", "PlanICal", "PlanCore", "PlanRender"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanProtocolTests", dependencies: ["PlanProtocol", "PlanRPC", "PlanJSON", "PlanTimetable", "PlanGrades", "PlanService", "PlanStore", "PlanRender", "PlanCore"], exclude: ["CatalogFiles"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanFuzzTests", dependencies: ["PlanFuzz", "PlanStore"], exclude: ["FuzzRegressions"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanCLITests", dependencies: ["PlanCLI", "PlanJSON"], exclude: ["Golden", "Wild", "Courses", "Week", "Servers", "Groups", "Exact"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
