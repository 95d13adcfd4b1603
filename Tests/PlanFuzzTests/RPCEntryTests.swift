import Foundation
import PlanStore
import Testing
@testable import PlanFuzz

/// The `rpc` target serves each session over a copy of one empty store
/// (``RPCEntry/emptyStore``) rather than making the schema every time.
@Suite struct RPCEntryTests {
    @Test func theEmptyStoreOpensAsANewStoreOfThisSchema() throws {
        let bytes = try #require(RPCEntry.emptyStore, "the empty store could not be made")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-entry-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("plan.sqlite").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let store = try PlanStore(path: path)
        // Already at this schema: opening it migrated nothing.
        #expect(store.foundVersion == PlanStore.schemaVersion)
        #expect(store.writeRefusal == nil)
        let (tasks, projects) = try store.read { (try $0.tasks(), try $0.projects()) }
        #expect(tasks.isEmpty)
        #expect(projects.isEmpty)
    }
}

/// A process that made its own private directory (no `PLAN_FUZZ_DIR`: the
/// regression replay of `swift test`, `Fuzz/run.sh --fork`) removes it when it exits.
@Suite struct RPCEntryDirectoryTests {
    @Test func aProcessRemovesTheDirectoryItMadeWhenItExits() throws {
        let p = Process()
        p.executableURL = MutationPassTests.binary
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-entry-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Five sessions in the directory, over copies of the empty store.
        p.arguments = ["rpc", "5", MutationPassTests.repository.path, scratch.path]
        p.environment = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let pid = p.processIdentifier
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0)
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let made = (base as NSString).appendingPathComponent("plan-fuzz-rpc-\(pid)")
        #expect(!FileManager.default.fileExists(atPath: made), "\(made) was left behind")
        #expect(!FileManager.default.fileExists(atPath: made + "-empty-store"), "\(made)-empty-store was left behind")
    }
}
