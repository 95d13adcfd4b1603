import Foundation
import PlanFuzz
import Testing

/// The short fuzz pass of every `swift test` (so of `.ci/run`), docs/fuzzing.md:
/// for each target, `plan-fuzz-pass` feeds its seeds and then
/// mutations of them (``Mutator``) through the same entry point libFuzzer
/// calls, in a process of its own. Not coverage-guided — `bash Fuzz/run.sh`
/// is the fuzzing — but it needs no build of its own, and a new crash or
/// hang fails this test at once, naming the input's file.
@Suite struct MutationPassTests {
    /// Inputs per target, seeds included, chosen by what each costs in the
    /// debug build (processor time per input: importer ~2.2 ms, multistatus
    /// ~1.4 ms, rpc ~1 ms, catalog ~0.6 ms, schedule ~0.3 ms) so that the pass
    /// takes about 70 s of processor time, about a minute of `.ci/run` on two
    /// cores (docs/fuzzing.md has the measure): the 20,000 of issue 19's
    /// example where a target is cheap, fewer where it is not.
    /// `PLAN_FUZZ_PASS_INPUTS=N` runs N per target instead.
    static func inputs(_ target: FuzzTarget) -> Int {
        if let given = ProcessInfo.processInfo.environment["PLAN_FUZZ_PASS_INPUTS"].flatMap(Int.init), given >= 0 { return given }
        switch target {
        case .importer, .rpc, .multistatus: return 10_000
        case .schedule, .catalog, .mail, .invitation: return 20_000
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where a failing input is kept: `<target>.in-flight` after a crash, `<target>-<n>` after a hang.
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-fuzz-pass")

    /// `plan-fuzz-pass`, beside the running test executable.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("plan-fuzz-pass")
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyInputReturnsInTime(_ target: FuzzTarget) throws {
        let seeds = FuzzSeeds(repository: Self.repository)
        #expect(!seeds.seeds(target).isEmpty, "no seeds for \(target.rawValue)")
        #expect(seeds.tokens(target).count >= 10, "no dictionary for \(target.rawValue)")

        // In memory when it can be: the rpc sessions' stores are written with fsyncs.
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let scratch = base.appendingPathComponent("plan-fuzz-pass-\(target.rawValue)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("output")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        let p = Process()
        p.executableURL = Self.binary
        p.arguments = [target.rawValue, String(Self.inputs(target)), Self.repository.path, Self.directory.path]
        p.currentDirectoryURL = scratch
        p.environment = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
                         "PLAN_FUZZ_DIR": scratch.appendingPathComponent("session").path]
        let log = try FileHandle(forWritingTo: output)
        p.standardOutput = log
        p.standardError = log
        try p.run()
        p.waitUntilExit()
        try log.close()
        let said = String(decoding: FileManager.default.contents(atPath: output.path) ?? Data(), as: UTF8.self)
        print(said.trimmingCharacters(in: .whitespacesAndNewlines))
        if p.terminationReason == .uncaughtSignal {
            let inFlight = Self.directory.appendingPathComponent("\(target.rawValue).in-flight")
            Issue.record("the \(target.rawValue) pass crashed (signal \(p.terminationStatus)) on the input in \(inFlight.path): \(said.suffix(2_000))")
        } else {
            #expect(p.terminationStatus == 0, "the \(target.rawValue) pass failed: \(said.suffix(2_000))")
        }
    }
}
