import Foundation
import PlanFuzz
import Testing

/// Every input the fuzzer once failed on (docs/fuzzing.md), replayed through
/// the same entry point without the fuzzer: each must now return, quickly.
/// Inputs live in FuzzRegressions/<target>/, one file each, named for the bug.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    /// (target, file name) for every regression input.
    static let inputs: [(FuzzTarget, String)] = FuzzTarget.allCases.flatMap { target in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target.rawValue).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { (target, $0) }
    }

    @Test func everyTargetHasADirectory() {
        for target in FuzzTarget.allCases {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target.rawValue).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue, "FuzzRegressions/\(target.rawValue) is missing")
        }
    }

    @Test(arguments: inputs.map { "\($0.0.rawValue)/\($0.1)" })
    func replays(_ name: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "/" })))
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent(name)))
        let started = ContinuousClock.now
        target.run(bytes)
        #expect(ContinuousClock.now - started < FuzzTarget.debugTimeLimit, "\(name) took \(ContinuousClock.now - started)")
    }
}
