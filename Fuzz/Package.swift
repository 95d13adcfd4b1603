// swift-tools-version:6.0
import PackageDescription

/// libFuzzer executables over plan's fuzz entry points (the PlanFuzz library
/// of the package above). Built and run by `bash Fuzz/run.sh`, which passes
/// `-sanitize=fuzzer,address` to every module (plan's included, so the
/// fuzzer sees their coverage) and links with lld; see docs/fuzzing.md.
/// Each executable's only file defines `<Target>_main`, the entry point
/// SwiftPM names for an executable, and hands its target to FuzzDriver's
/// `fuzzMain`, hence `-parse-as-library` for these targets only.
let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "plan-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "plan", path: ".."),
    ],
    targets: [
        // LLVMFuzzerRunDriver and LLVMFuzzerTestOneInput, for the entry point of every target.
        .target(name: "FuzzDriver", dependencies: [.product(name: "PlanFuzz", package: "plan")]),
        .executableTarget(name: "FuzzImporter", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzRPC", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzSchedule", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzCatalog", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzMultistatus", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzMail", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzInvitation", dependencies: ["FuzzDriver", .product(name: "PlanFuzz", package: "plan")], swiftSettings: fuzzFlags),
    ],
    swiftLanguageModes: [.v6]
)
