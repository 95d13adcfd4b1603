import Foundation
import PlanCore
import PlanGroups
import PlanTimetable
@testable import PlanStore
import Testing

/// A store written by the schema-1 plan (`Fixtures/v1-store`, see its README)
/// opened by this one: same tasks, same sittings, the old file kept.
@Suite struct MigrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/v1-store/plan.sqlite")

    /// A copy of the fixture in a fresh folder (removed by the caller).
    static func copy() throws -> (path: String, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("plan.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return (path, dir)
    }

    /// Rows of a query on a file, as text, read without PlanStore.
    static func rows(_ path: String, _ sql: String, columns: Int32) throws -> [[String]] {
        try SQLiteDatabase(path: path, readOnly: true).rows(sql) { r in (0..<columns).map { r.text($0) } }
    }

    @Test func tasksComeThroughFieldByField() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try Self.rows(path, "SELECT id, seq, spec FROM tasks ORDER BY seq", columns: 3)
        let store = try PlanStore(path: path)
        let tasks = try store.read { try $0.tasks() }
        #expect(tasks.map(\.task.id) == old.map { $0[0] })
        #expect(tasks.map { String($0.sequence) } == old.map { $0[1] })
        // The contract's spelling of each task is the JSON text schema 1 kept (no work done reads as absent).
        for (task, row) in zip(tasks, old) {
            var spec = try JSONDecoder().decode(ScheduleRequest.TaskSpec.self, from: Data(row[2].utf8))
            if spec.done == "PT0M" { spec.done = nil }
            #expect(task.task.spec == spec)
        }
        let byId = Dictionary(uniqueKeysWithValues: tasks.map { ($0.task.id, $0.task) })
        #expect(byId["history-essay"] == with(TaskDefinition(
            id: "history-essay", title: "History essay", estimate: 6 * 3600, due: .date(LocalDate(year: 2026, month: 11, day: 13)))) {
            $0.project = "HIST200"
            $0.notes = #"About 2,500 words; cite "primary" sources"#
            ($0.span, $0.minSitting) = (5400, 2700)
            ($0.earliest, $0.latest) = (TimeOfDay(hour: 9), TimeOfDay(hour: 21))
            $0.after = ["reading-atlantic-trade"]
        })
        #expect(byId["linked-lists"] == with(TaskDefinition(
            id: "linked-lists", title: "Linked lists project", estimate: 10 * 3600,
            due: .instant(Instant(seconds: 1_795_212_000), offset: -5 * 3600))) {
            $0.project = "CS201"
            $0.span = 7200
            $0.start = .local(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 5), hour: 12))
            $0.priority = 2
            $0.after = ["problem-set-7"]
        })
        #expect(byId["problem-set-7"]?.due == .local(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 5), hour: 23, minute: 59)))
        #expect(byId["problem-set-7"]?.done == 3600)
        #expect(byId["midterm-review"]?.latest == .endOfDay)
        #expect(byId["midterm-review"]?.priority == 4)
        #expect(byId["lab-report-5"]?.start == .date(LocalDate(year: 2026, month: 11, day: 4)))
        #expect(byId["lab-report-5"]?.done == 1800)
        #expect(byId["caf-notes"]?.title == "Café notes ☕")
    }

    @Test func sittingsProgressAndTheRestStay() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tables = [("SELECT task_id, idx, count, start, end FROM sittings ORDER BY task_id, idx", Int32(5)),
                      ("SELECT task_id, at, spent FROM progress ORDER BY rowid", 3),
                      ("SELECT name, color, notes, seq FROM projects ORDER BY seq", 4),
                      ("SELECT key, value FROM settings WHERE key <> 'policy' ORDER BY key", 2),
                      ("SELECT key, used FROM busy_cache ORDER BY key", 2)]
        let before = try tables.map { try Self.rows(path, $0.0, columns: $0.1) }
        #expect(before[0].count == 39)
        _ = try PlanStore(path: path)
        #expect(try tables.map { try Self.rows(path, $0.0, columns: $0.1) } == before)
        #expect(try Self.rows(path, "PRAGMA user_version", columns: 1) == [["\(PlanStore.schemaVersion)"]])
        #expect(try Self.rows(path, "PRAGMA foreign_key_check", columns: 1).isEmpty)
    }

    /// Schema 1 kept a calendar as a path: each becomes a file source, same
    /// name, same path, same order; and a store upgraded so takes new ones.
    @Test func calendarsBecomeFileSources() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try Self.rows(path, "SELECT name, path, seq FROM calendars ORDER BY seq", columns: 3)
        #expect(!old.isEmpty)
        let store = try PlanStore(path: path)
        #expect(try store.read { try $0.calendars() } == old.map { CalendarSource(name: $0[0], kind: .file(path: $0[1])) })
        #expect(try Self.rows(path, "SELECT name, kind, location, seq FROM calendars ORDER BY seq", columns: 4)
            == old.map { [$0[0], "file", $0[1], $0[2]] })
        try store.write { try $0.addCalendar(CalendarSource(name: "exams", kind: .file(path: "/tmp/exams.ics"))) }
        #expect(try store.read { try $0.calendars() }.last == CalendarSource(name: "exams", kind: .file(path: "/tmp/exams.ics")))
    }

    @Test func thePolicyComesThroughFieldByField() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try Self.rows(path, "SELECT value FROM settings WHERE key = 'policy'", columns: 1)
        let policy = try PlanStore(path: path).read { try $0.policy() }
        #expect(policy == with(PolicyDefinition()) {
            ($0.dayStart, $0.dayEnd) = (TimeOfDay(hour: 8), TimeOfDay(hour: 22))
            $0.workingDays = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
            ($0.buffer, $0.breakBetweenSittings, $0.granularity, $0.maxPerDay) = (10 * 60, 20 * 60, 15 * 60, 6 * 3600)
            ($0.busyAllDay, $0.busyTentative) = (true, false)
        })
        // The contract's spelling is the text schema 1 kept, which is gone from the settings.
        #expect(policy.spec == (try JSONDecoder().decode(ScheduleRequest.PolicySpec.self, from: Data(old[0][0].utf8))))
        #expect(try Self.rows(path, "SELECT key FROM settings ORDER BY key", columns: 1) == [["timeZone"]])
        #expect(try Self.rows(path, "SELECT idx, day FROM policy_working_days ORDER BY idx", columns: 2)
            == (0..<6).map { ["\($0)", "\($0 + 1)"] })
    }

    @Test func theOldFileIsKeptOnceByteForByte() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try PlanStore(path: path)
        let backup = path + ".v1-backup"
        #expect(store.upgrade == StoreUpgrade(fromVersion: 1, toVersion: PlanStore.schemaVersion, backupPath: backup))
        #expect(store.upgrade?.notice(store: path)
            == "upgraded the store \(path) from schema 1 to \(PlanStore.schemaVersion); the old file is kept as \(backup)")
        #expect(FileManager.default.contents(atPath: backup) == FileManager.default.contents(atPath: Self.fixture.path))
        // Opened again: nothing more to upgrade, nothing to say.
        #expect(try PlanStore(path: path).upgrade == nil)
        // The kept copy is a working schema-1 store.
        #expect(try Self.rows(backup, "PRAGMA user_version", columns: 1) == [["1"]])
    }

    /// Issue 28: the schema-1 store carries no mark; upgraded, it is marked as
    /// plan's (`PRAGMA application_id`), and its kept copy is not changed.
    @Test func theUpgradedStoreGainsPlansMark() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.rows(path, "PRAGMA application_id", columns: 1) == [["0"]])
        _ = try PlanStore(path: path)
        #expect(try Self.rows(path, "PRAGMA application_id", columns: 1) == [["\(StoreMark.applicationID)"]])
        #expect(try Self.rows(path + ".v1-backup", "PRAGMA application_id", columns: 1) == [["0"]])
    }

    /// A schema-1 store whose text is not a task or not a policy: the change
    /// made to the fixture, why the upgrade is refused.
    @Test(arguments: [
        ("UPDATE tasks SET spec = replace(spec, '\"estimate\":\"PT4H\"', '\"estimate\":\"soon\"') WHERE id = 'problem-set-8'",
         "task \"problem-set-8\" (/estimate): \"soon\" is not an ISO 8601 duration (e.g. PT1H30M)"),
        ("UPDATE settings SET value = replace(value, '\"SA\"', '\"Saturday\"') WHERE key = 'policy'",
         "the policy (/policy/workingDays/5): \"Saturday\" is not a day code (MO TU WE TH FR SA SU)"),
    ])
    func aFailedUpgradeLeavesTheStoreAsItWas(change: String, why: String) throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SQLiteDatabase(path: path).execute(change)
        let dump = {
            try Self.rows(path, "SELECT id, seq, spec FROM tasks ORDER BY seq", columns: 3)
                + Self.rows(path, "SELECT key, value FROM settings ORDER BY key", columns: 2)
        }
        let before = try dump()
        let error = #expect(throws: StoreError.self) { _ = try PlanStore(path: path) }
        #expect(error?.description == "\(path) is not a usable plan store: cannot upgrade it from schema 1: \(why); the file is unchanged")
        #expect(try dump() == before)
        #expect(try Self.rows(path, "PRAGMA user_version", columns: 1) == [["1"]])
        #expect(try Self.rows(path, "SELECT count(*) FROM sittings", columns: 1) == [["39"]])
    }

    @Test func aNewerSchemaIsStillRefused() throws {
        let (path, dir) = try Self.copy()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = 99")
        let error = #expect(throws: StoreError.self) { _ = try PlanStore(path: path) }
        #expect(error?.description == "\(path) is not a usable plan store: written by a newer plan (schema 99, this plan knows \(PlanStore.schemaVersion)); use that plan, or `plan restore` a backup made by this one")
        #expect(!FileManager.default.fileExists(atPath: path + ".v99-backup"))
    }

    /// Every field, each kind of start and due, through the typed columns and back.
    @Test(arguments: [
        with(TaskDefinition(id: "all", title: "Every field", estimate: 6 * 3600 + 60,
                            due: .instant(Instant(seconds: 1_795_212_000), offset: 5 * 3600 + 1800))) {
            ($0.project, $0.notes) = ("CS 201", "line\nbreak \"quoted\" é")
            ($0.span, $0.minSitting) = (5400, 0)
            ($0.earliest, $0.latest) = (TimeOfDay(minutes: 0), .endOfDay)
            $0.start = .instant(Instant(seconds: 1_794_000_000), offset: -7 * 3600)
            ($0.priority, $0.after, $0.done) = (1, ["b", "a", "b"], 45 * 60)
        },
        with(TaskDefinition(id: "dates", title: "Dates", estimate: 60, due: .date(LocalDate(year: 2027, month: 2, day: 28)))) {
            $0.start = .date(LocalDate(year: 1969, month: 12, day: 31))
        },
        with(TaskDefinition(id: "wall", title: "Wall clock", estimate: 0,
                            due: .local(LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 8), hour: 2, minute: 30)))) {
            $0.start = .local(LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 1), hour: 0, minute: 0, second: 30))
            $0.priority = 4
        },
    ])
    func everyFieldRoundTrips(task: TaskDefinition) throws {
        let (store, dir) = try PlanStoreTests.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.write { try $0.saveTask(task) }
        #expect(try PlanStore(path: store.path).read { try $0.tasks() }.map(\.task) == [task])
        // Changed in place: still one row, the new values, the same sequence.
        var changed = task
        changed.after = []
        changed.span = nil
        changed.start = nil
        try store.write { try $0.saveTask(changed) }
        let again = try PlanStore(path: store.path).read { try $0.tasks() }
        #expect(again.map(\.task) == [changed])
        #expect(again.map(\.sequence) == [1])
        // And the contract's spelling reads back as the same task.
        #expect(try TaskDefinition(task.spec, path: "") == task)
    }

    /// Every field, unset and set, through the typed columns and back; the
    /// working days in the order given, repeats kept.
    @Test(arguments: [
        PolicyDefinition(),
        with(PolicyDefinition()) {
            ($0.dayStart, $0.dayEnd, $0.workingDays) = (TimeOfDay(minutes: 0), .endOfDay, [.sunday, .monday, .friday, .monday])
            ($0.buffer, $0.breakBetweenSittings, $0.granularity, $0.maxPerDay) = (0, 0, 3600, 90 * 60)
            ($0.busyAllDay, $0.busyTentative) = (false, true)
        },
        with(PolicyDefinition()) {
            ($0.dayEnd, $0.workingDays, $0.busyTentative) = (TimeOfDay(hour: 20, minute: 30), [.wednesday], false)
        },
    ])
    func everyPolicyFieldRoundTrips(policy: PolicyDefinition) throws {
        let (store, dir) = try PlanStoreTests.temporaryStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try store.read { try $0.policy() } == PolicyDefinition())
        try store.write { try $0.savePolicy(with(PolicyDefinition()) { ($0.buffer, $0.busyAllDay) = (60, true) }) }
        try store.write { try $0.savePolicy(policy) }
        #expect(try PlanStore(path: store.path).read { try $0.policy() } == policy)
        // And the contract's spelling reads back as the same policy.
        #expect(try PolicyDefinition(policy.spec) == policy)
    }
}

/// Schema 2 → 3 adds the course tables and changes nothing else.
@Suite struct CatalogTablesUpgradeTests {
    @Test func aSchema2StoreGainsTheCatalogTablesAndKeepsItsRows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        try store.write { try $0.addProject(Project(id: "CS 201", name: "CS 201", color: "blue", notes: nil)) }
        // Made a schema-2 store: the tables schema 3 added are dropped.
        let db = try SQLiteDatabase(path: path)
        try db.execute("""
            DROP TABLE catalog_meetings; DROP TABLE catalog_sections; DROP TABLE catalog_courses;
            DROP TABLE catalog_holidays; DROP TABLE catalogs;
            DROP TABLE grade_task_links; DROP TABLE grade_subjects; DROP TABLE grade_units; DROP TABLE grade_assessments; DROP TABLE grade_courses;
            DROP TABLE subscription_copies; DROP TABLE group_attendees; DROP TABLE group_sessions;
            DROP TABLE caldav_resources; DROP TABLE caldav_collections; DROP TABLE sync_resources; DROP TABLE phone_changes;
            PRAGMA user_version = 2;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 2, toVersion: PlanStore.schemaVersion, backupPath: path + ".v2-backup"))
        #expect(try upgraded.read { try $0.projects().map(\.name) } == ["CS 201"])
        #expect(try upgraded.read { try $0.catalogs(.timetable) }.isEmpty)
        #expect(try upgraded.read { try $0.gradeCourses() }.isEmpty)
    }

    @Test func aSchema3StoreGainsTheGradeBook() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        try store.write { try $0.addProject(Project(id: "CS 201", name: "CS 201", color: nil, notes: nil)) }
        try SQLiteDatabase(path: path).execute("""
            DROP TABLE grade_task_links; DROP TABLE grade_subjects; DROP TABLE grade_units; DROP TABLE grade_assessments; DROP TABLE grade_courses;
            DROP TABLE subscription_copies; DROP TABLE group_attendees; DROP TABLE group_sessions;
            DROP TABLE caldav_resources; DROP TABLE caldav_collections; DROP TABLE sync_resources; DROP TABLE phone_changes;
            PRAGMA user_version = 3;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 3, toVersion: PlanStore.schemaVersion, backupPath: path + ".v3-backup"))
        #expect(try upgraded.read { try $0.projects().map(\.name) } == ["CS 201"])
        #expect(try upgraded.read { try $0.gradeUnits() }.isEmpty)
    }

    @Test func aSchema4StoreGainsTheSubscriptionCopies() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        try store.write { try $0.addCalendar(CalendarSource(name: "classes", kind: .file(path: "/tmp/classes.ics"))) }
        try SQLiteDatabase(path: path).execute("DROP TABLE subscription_copies; DROP TABLE group_attendees; DROP TABLE group_sessions; DROP TABLE caldav_resources; DROP TABLE caldav_collections; DROP TABLE sync_resources; DROP TABLE phone_changes; PRAGMA user_version = 4;")
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 4, toVersion: PlanStore.schemaVersion, backupPath: path + ".v4-backup"))
        #expect(try upgraded.read { try $0.calendars().map(\.name) } == ["classes"])
        #expect(try upgraded.read { try $0.subscriptionCopy(url: "https://example.org/a.ics") } == nil)
    }

    @Test func aSchema5StoreGainsTheStudyGroupTables() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        try store.write { try $0.addCalendar(CalendarSource(name: "classes", kind: .file(path: "/tmp/classes.ics"))) }
        try SQLiteDatabase(path: path).execute("DROP TABLE group_attendees; DROP TABLE group_sessions; DROP TABLE caldav_resources; DROP TABLE caldav_collections; DROP TABLE sync_resources; DROP TABLE phone_changes; PRAGMA user_version = 5;")
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 5, toVersion: PlanStore.schemaVersion, backupPath: path + ".v5-backup"))
        #expect(try upgraded.read { try $0.calendars().map(\.name) } == ["classes"])
        #expect(try upgraded.read { try $0.groupSessions() }.isEmpty)
    }

    @Test func aSchema6StoreGainsTheCalDAVAndSyncTables() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        try store.write { try $0.addCalendar(CalendarSource(name: "classes", kind: .subscription(url: "https://example.org/a.ics"))) }
        try SQLiteDatabase(path: path).execute("""
            DROP TABLE caldav_resources; DROP TABLE caldav_collections; DROP TABLE sync_resources; DROP TABLE phone_changes;
            ALTER TABLE group_sessions DROP COLUMN calendar_path; ALTER TABLE group_sessions DROP COLUMN calendar_etag;
            PRAGMA user_version = 6;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 6, toVersion: PlanStore.schemaVersion, backupPath: path + ".v6-backup"))
        #expect(try upgraded.read { try $0.calendars().map(\.name) } == ["classes"])
        #expect(try upgraded.read { try $0.caldavCopy(url: "https://example.org/c/") } == nil)
        #expect(try upgraded.read { try $0.syncedResources(collection: "https://example.org/c/") }.isEmpty)
    }

    @Test func aSchema7StoreGainsWhereEachSessionLivesOnItsGroupCalendar() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        let session = GroupSession(
            id: "review", uid: "review-20261202T230000Z@uni.edu", sequence: 0, title: "Review", course: "CS201",
            range: TimeRange(start: Instant(seconds: 1_796_252_400), end: Instant(seconds: 1_796_259_600)), location: nil, geo: nil, notes: nil,
            organizer: CalendarUser(email: "ada@uni.edu", name: "Ada"), organizerStatus: .accepted,
            attendees: [InvitedUser(user: CalendarUser(email: "bob@uni.edu", name: nil), status: .needsAction)],
            calendarURL: "https://dav.example.org/group/", cancelled: false, stamp: Instant(seconds: 1_796_000_000))
        try store.write { try $0.saveGroupSession(session) }
        try SQLiteDatabase(path: path).execute("""
            ALTER TABLE group_sessions DROP COLUMN calendar_path; ALTER TABLE group_sessions DROP COLUMN calendar_etag;
            PRAGMA user_version = 7;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 7, toVersion: PlanStore.schemaVersion, backupPath: path + ".v7-backup"))
        // The session is as it was, not on its group calendar yet.
        let read = try upgraded.read { try $0.groupSessions() }
        #expect(read == [session])
        #expect(read.first?.isOnCalendar == false)
        // The new columns are written and read back.
        var placed = session
        placed.calendarPath = "/group/review-20261202T230000Z@uni.edu.ics"
        placed.calendarETag = "\"e1\""
        try upgraded.write { try $0.saveGroupSession(placed) }
        #expect(try upgraded.read { try $0.groupSessions() } == [placed])
    }

    @Test func aSchema10StoreKeepsWhatSyncWroteAndGainsItsNewColumns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s10-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let store = try PlanStore(path: path)
        let resource = SyncedResource(collection: "https://dav.example.org/study/", path: "/study/essay-1@plan.ics", uid: "essay-1@plan",
                                      taskId: "essay", etag: "\"e1\"", hash: "abc",
                                      range: TimeRange(start: Instant(seconds: 1_796_252_400), end: Instant(seconds: 1_796_256_000)))
        try store.write { try $0.saveSyncedResource(resource) }
        try SQLiteDatabase(path: path).execute("""
            ALTER TABLE sync_resources DROP COLUMN sequence; ALTER TABLE sync_resources DROP COLUMN modified;
            ALTER TABLE sync_resources DROP COLUMN made; ALTER TABLE sync_resources DROP COLUMN held;
            PRAGMA user_version = 10;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade == StoreUpgrade(fromVersion: 10, toVersion: PlanStore.schemaVersion, backupPath: path + ".v10-backup"))
        // The row is as it was: SEQUENCE 0, nothing known of what plan made or the server holds (an older plan wrote it).
        #expect(try upgraded.read { try $0.syncedResources(collection: resource.collection) } == [resource])
        var written = resource
        written.sequence = 3
        written.modified = Instant(seconds: 1_796_000_000)
        written.made = Array("BEGIN:VCALENDAR".utf8)
        written.held = Array("BEGIN:VCALENDAR\r\nX".utf8)
        try upgraded.write { try $0.saveSyncedResource(written) }
        #expect(try upgraded.read { try $0.syncedResources(collection: resource.collection) } == [written])
    }

    /// Schema 11 → 12: a new table for linked sections; the catalogs kept before are unchanged,
    /// and a catalog with linked sections reads back as it was put.
    @Test func aSchema11StoreKeepsItsCatalogsAndGainsLinkedSections() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s11-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let term = Term(name: "Fall 2027", timeZone: "America/Chicago", start: LocalDate(iso: "2027-08-23")!, end: LocalDate(iso: "2027-12-08")!)
        let lecture = Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "Siebel 1404", kind: "lecture")
        let plain = Catalog(term: term, courses: [Course(code: "CS225", title: "Data Structures", credits: 4, sections: [
            Section(id: "AL1", instructors: ["Carl Evans"], gpa: 3.2, meetings: [lecture])])])
        let store = try PlanStore(path: path)
        try store.write { try $0.putCatalog(StoredCatalog(name: "catalog", catalog: plain, source: "cs.json", saved: Instant(seconds: 0)), as: .imported) }
        try SQLiteDatabase(path: path).execute("DROP TABLE catalog_links; PRAGMA user_version = 11;")
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade?.fromVersion == 11)
        #expect(try upgraded.read { try $0.catalogs(.imported) }.map(\.catalog) == [plain])
        var linked = plain
        linked.courses[0].sections[0].needsOneOf = [["AYA", "AYB"], ["ADA"]]
        linked.courses[0].sections += [Section(id: "AYA"), Section(id: "AYB"), Section(id: "ADA")]
        try upgraded.write { try $0.putCatalog(StoredCatalog(name: "catalog", catalog: linked, source: "cs.json", saved: Instant(seconds: 0)), as: .imported) }
        #expect(try upgraded.read { try $0.catalogs(.imported) }.map(\.catalog) == [linked])
    }

    /// Schema 12 → 13: new tables for repeating tasks; the tasks kept before are unchanged, and
    /// a series, its occurrences' links and its skips read back as they were put.
    @Test func aSchema12StoreKeepsItsTasksAndGainsSeries() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        var task = TaskDefinition(id: "essay", title: "Essay", estimate: 6 * 3600, due: .date(LocalDate(iso: "2026-12-10")!))
        task.prefer = PreferredHours(text: "evening")
        let store = try PlanStore(path: path)
        try store.write { try $0.saveTask(task) }
        try SQLiteDatabase(path: path).execute("DROP TABLE series_skips; DROP TABLE series_tasks; DROP TABLE series; PRAGMA user_version = 12;")
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade?.fromVersion == 12)
        #expect(try upgraded.read { try $0.tasks() }.map(\.task) == [task])
        var template = task
        (template.id, template.span, template.earliest, template.placement) = ("problem-set", 5400, TimeOfDay(minutes: 540), .early)
        let first = LocalDateTime(date: LocalDate(iso: "2026-12-04")!, hour: 23, minute: 59)
        var weekly = TaskSeries(id: "problem-set", template: template, kind: .every(try Recurrence.parse("MO,WE"), firstDue: first, wholeDay: false), ruleText: "MO,WE")
        (weekly.until, weekly.startBefore, weekly.through, weekly.made) = (LocalDate(iso: "2027-01-31"), 5 * 86_400, LocalDate(iso: "2026-12-31"), 4)
        var habit = TaskSeries(id: "revision", template: template, kind: .each(.week), ruleText: "week")
        habit.count = 10
        let lab = TaskSeries(id: "lab", template: template, kind: .afterClass("CHEM 110 Lab", within: 2 * 86_400), ruleText: "CHEM 110 Lab")
        let reading = TaskSeries(id: "reading", template: template, kind: .beforeClass("HIST 300 Seminar"), ruleText: "HIST 300 Seminar")
        try upgraded.write { t in
            for s in [weekly, habit, lab, reading] { try t.saveSeries(s) }
            try t.linkOccurrence("essay", to: SeriesLink(seriesId: "problem-set", key: "2026-12-04"))
            try t.addSkip(SeriesLink(seriesId: "problem-set", key: "2026-12-07"), taskId: "problem-set-2026-12-07")
        }
        let read = try upgraded.read { try $0.series() }
        // The template keeps the fields a series uses (not its due, start, after or done).
        #expect(read.map(\.id) == ["problem-set", "revision", "lab", "reading"])
        #expect(read == [weekly, habit, lab, reading].map { s in
            var s = s
            (s.template.id, s.template.due) = (s.id, .date(LocalDate(daysSinceEpoch: 0)))
            return s
        })
        #expect(try upgraded.read { try $0.seriesLinks() } == ["essay": SeriesLink(seriesId: "problem-set", key: "2026-12-04")])
        #expect(try upgraded.read { try $0.skips(series: "problem-set") }.map(\.taskId) == ["problem-set-2026-12-07"])
        // Removing the task drops its link; removing the series drops its skips.
        try upgraded.write { try $0.removeTask(id: "essay"); try $0.removeSeries(id: "problem-set") }
        #expect(try upgraded.read { try $0.seriesLinks() }.isEmpty)
        #expect(try upgraded.read { try $0.skips(series: "problem-set") }.isEmpty)
    }
}

/// Schema 13 → 14: time as recorded (finished, the work left, the work planned) as new columns,
/// and each occurrence of a series once — a habit the schema-13 plan made again each day loses
/// its copies with no time recorded, and keeps every copy that has some.
@Suite struct Schema13MigrationTests {
    @Test func duplicateOccurrencesAreMendedAndProgressIsKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s13-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        let sunday = TaskTime.date(LocalDate(iso: "2026-03-01")!)
        func task(_ id: String, done: Int64) -> TaskDefinition {
            var t = TaskDefinition(id: id, title: "Gym", estimate: 3 * 3600, due: sunday)
            t.done = done
            return t
        }
        // gym-2026-03-01 (the first, nothing recorded), -2 (45m recorded), -3 (nothing): one week made three times;
        // and another week made twice, neither copy with time recorded; and one finished the old way (done = estimate).
        let tasks = [task("gym-2026-03-01", done: 0), task("gym-2026-03-01-2", done: 2700), task("gym-2026-03-01-3", done: 0),
                     task("gym-2026-03-08", done: 0), task("gym-2026-03-08-2", done: 0), task("essay", done: 3 * 3600)]
        let store = try PlanStore(path: path)
        let habit = TaskSeries(id: "gym", template: tasks[0], kind: .each(.week), ruleText: "week")
        try store.write { t in
            try t.saveSeries(habit)
            for x in tasks { try t.saveTask(x) }
            for x in tasks.prefix(3) { try t.linkOccurrence(x.id, to: SeriesLink(seriesId: "gym", key: "2026-03-01")) }
            for x in tasks[3...4] { try t.linkOccurrence(x.id, to: SeriesLink(seriesId: "gym", key: "2026-03-08")) }
            try t.recordProgress(taskId: "gym-2026-03-01-2", at: Instant(seconds: 1_772_000_000), spent: 2700)
        }
        #expect(try store.read { try $0.duplicateOccurrences() }.count == 2)
        try SQLiteDatabase(path: path).execute("""
            ALTER TABLE tasks DROP COLUMN finished; ALTER TABLE tasks DROP COLUMN left_work; ALTER TABLE tasks DROP COLUMN planned;
            PRAGMA user_version = 13;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(upgraded.upgrade?.fromVersion == 13)
        let left = try upgraded.read { try $0.tasks() }.map(\.task)
        // The copy with time recorded stays (with its time); of the other week, the first made.
        #expect(left.map(\.id) == ["gym-2026-03-01-2", "gym-2026-03-08", "essay"])
        #expect(left.first { $0.id == "gym-2026-03-01-2" }?.done == 2700)
        #expect(try upgraded.read { try $0.progress() }.map(\.spent) == [2700])
        #expect(try upgraded.read { try $0.duplicateOccurrences() }.isEmpty)
        // Finished the old way: its work recorded reached its estimate.
        #expect(left.first { $0.id == "essay" }?.finished == true)
        #expect(left.first { $0.id == "gym-2026-03-08" }?.finished == false)
    }

    @Test func copiesThatBothHoldTimeAreKeptAndNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-s13b-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        var a = TaskDefinition(id: "gym-a", title: "Gym", estimate: 3 * 3600, due: .date(LocalDate(iso: "2026-03-01")!))
        a.done = 600
        var b = a
        b.id = "gym-b"
        let store = try PlanStore(path: path)
        try store.write { t in
            try t.saveSeries(TaskSeries(id: "gym", template: a, kind: .each(.week), ruleText: "week"))
            for x in [a, b] {
                try t.saveTask(x)
                try t.linkOccurrence(x.id, to: SeriesLink(seriesId: "gym", key: "2026-03-01"))
            }
        }
        try SQLiteDatabase(path: path).execute("""
            ALTER TABLE tasks DROP COLUMN finished; ALTER TABLE tasks DROP COLUMN left_work; ALTER TABLE tasks DROP COLUMN planned;
            PRAGMA user_version = 13;
            """)
        let upgraded = try PlanStore(path: path)
        #expect(try upgraded.read { try $0.tasks() }.map(\.task.id) == ["gym-a", "gym-b"])
        let named = try upgraded.read { try $0.duplicateOccurrences() }
        #expect(named.map(\.taskIds) == [["gym-a", "gym-b"]])
    }
}
