import Foundation
import PlanCore
@testable import PlanStore
import Testing

@Suite struct PlanStoreTests {
    /// A fresh store in a temporary folder (removed by the caller's defer).
    static func temporaryStore() throws -> (PlanStore, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-store-\(UUID().uuidString)")
        let store = try PlanStore(path: dir.appendingPathComponent("nested/plan.sqlite").path)
        return (store, dir)
    }

    static func spec(_ id: String, due: String = "2026-12-10") -> TaskDefinition {
        TaskDefinition(id: id, title: "Task \(id)", estimate: 7_200, due: TaskTime(contract: due)!)
    }

    @Test func createsFolderAndSchema() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FileManager.default.fileExists(atPath: store.path))
        try store.read { t throws in
            #expect(try t.projects().isEmpty)
            #expect(try t.tasks().isEmpty)
        }
        // Opening again finds the schema in place.
        let again = try PlanStore(path: store.path)
        try again.read { t throws in #expect(try t.calendars().isEmpty) }
    }

    @Test func tasksKeepCreationOrderAndUpdateInPlace() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.write { t throws in
            try t.saveTask(Self.spec("b"))
            try t.saveTask(Self.spec("a"))
        }
        try store.write { t throws in try t.saveTask(Self.spec("b", due: "2026-12-24")) }
        let tasks = try store.read { try $0.tasks() }
        #expect(tasks.map(\.task.id) == ["b", "a"])
        #expect(tasks[0].task.due == .date(LocalDate(year: 2026, month: 12, day: 24)))
        #expect(tasks.map(\.sequence) == [1, 2])
    }

    @Test func aFailedCommandChangesNothing() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.write { try $0.addProject(Project(id: "HIST200", name: "HIST200")) }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.write { t throws in
                try t.saveTask(Self.spec("essay"))
                try t.addProject(Project(id: "MATH", name: "MATH"))
                throw Refused()
            }
        }
        try store.read { t throws in
            #expect(try t.tasks().isEmpty)
            #expect(try t.projects().map(\.name) == ["HIST200"])
        }
    }

    @Test func duplicatesAndMissingNamesAreErrors() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.write { try $0.addProject(Project(id: "CS", name: "CS")) }
        #expect(throws: StoreError.self) { try store.write { try $0.addProject(Project(id: "cs", name: "cs")) } }
        #expect(throws: StoreError.self) { try store.write { try $0.removeProject(named: "Nope") } }
        #expect(throws: StoreError.self) { try store.write { try $0.removeTask(id: "nope") } }
        try store.write { try $0.addCalendar(CalendarSource(name: "classes", kind: .file(path: "/tmp/a.ics"))) }
        #expect(throws: StoreError.self) { try store.write { try $0.addCalendar(CalendarSource(name: "Classes", kind: .file(path: "/tmp/b.ics"))) } }
    }

    /// Calendars keep their kind and location, in the order registered; a
    /// kind this plan does not know is refused, never read as a file.
    @Test func calendarsKeepTheirKindAndOrder() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = [CalendarSource(name: "classes", kind: .file(path: "/tmp/b.ics")),
                       CalendarSource(name: "exams", kind: .file(path: "/tmp/a.ics"))]
        try store.write { t in for c in sources { try t.addCalendar(c) } }
        #expect(try store.read { try $0.calendars() } == sources)
        #expect(sources.map(\.location) == ["/tmp/b.ics", "/tmp/a.ics"])
        try SQLiteDatabase(path: store.path).execute(
            "INSERT INTO calendars(name, kind, location, seq) VALUES('club', 'carddav', 'https://dav.example.edu/club/', 3)")
        let error = #expect(throws: StoreError.self) { try store.read { try $0.calendars() } }
        #expect(error?.description == "calendar \"club\" is of kind \"carddav\", which this plan cannot read (it reads files, subscriptions and CalDAV collections)")
    }

    @Test func sittingsAreReplacedPerTaskAndRemovedWithIt() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = { (a: Int64, b: Int64) in TimeRange(start: Instant(seconds: a), end: Instant(seconds: b)) }
        try store.write { t throws in
            try t.saveTask(Self.spec("a"))
            try t.saveTask(Self.spec("b"))
            try t.replaceSittings(taskId: "a", with: [Sitting(taskId: "a", range: r(100, 200), index: 1, count: 2),
                                                      Sitting(taskId: "a", range: r(300, 400), index: 2, count: 2)])
            try t.replaceSittings(taskId: "b", with: [Sitting(taskId: "b", range: r(250, 290), index: 1, count: 1)])
        }
        #expect(try store.read { try $0.sittings() }.map(\.range.start.seconds) == [100, 250, 300])
        try store.write { try $0.removeTask(id: "a") }
        #expect(try store.read { try $0.sittings() }.map(\.taskId) == ["b"])
    }

    @Test func aNewerSchemaIsRefused() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try SQLiteDatabase(path: store.path)
        try db.execute("PRAGMA user_version = 99")
        let error = #expect(throws: StoreError.self) { _ = try PlanStore(path: store.path) }
        #expect(error?.description == "\(store.path) is not a usable plan store: written by a newer plan (schema 99, this plan knows \(PlanStore.schemaVersion)); use that plan, or `plan restore` a backup made by this one")
    }

    @Test func notADatabaseIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        do {
            _ = try PlanStore(path: file.path)
            Issue.record("a junk file was accepted as a store")
        } catch {
            #expect("\(error)".contains(file.path))
        }
    }

    @Test func concurrentWritersLoseNothing() throws {
        let (store, dir) = try Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = store.path
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            // Each writer has its own connection, as separate processes would.
            let s = try! PlanStore(path: path)
            for k in 0..<10 { try! s.write { try $0.saveTask(Self.spec("w\(i)-\(k)")) } }
        }
        let tasks = try store.read { try $0.tasks() }
        #expect(tasks.count == 80)
        #expect(Set(tasks.map(\.sequence)).count == 80)
        var ok = ""
        try SQLiteDatabase(path: path).query("PRAGMA integrity_check") { ok = $0.text(0) }
        #expect(ok == "ok")
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(PlanStore.defaultPath(environment: ["PLAN_STORE": "/x/s.sqlite", "HOME": "/h"]) == "/x/s.sqlite")
        #expect(PlanStore.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/plan/plan.sqlite")
        #expect(PlanStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/plan/plan.sqlite")
    }
}
