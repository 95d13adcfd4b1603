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
