import Foundation
import PlanCore
import PlanICal
import PlanStore
import Testing
@testable import PlanService

/// The store's cache of expanded busy time: used while the calendar file is
/// unchanged, dropped as soon as it changes, and never different from
/// expanding the file again.
@Suite struct BusyCacheTests {
    static let zone = SystemZone(identifier: "America/New_York")!

    /// A folder with a store and a calendar file, removed at the end.
    final class Scratch {
        let dir: String
        let store: PlanStore
        var calendar: String { dir + "/classes.ics" }
        var feed: FileFeed { FileFeed(path: calendar) }

        init() throws {
            dir = NSTemporaryDirectory() + "plan-busy-cache-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            store = try PlanStore(path: dir + "/plan.sqlite")
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }

        func write(_ text: String) throws {
            try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: URL(fileURLWithPath: calendar))
        }
    }

    static func calendar(extra: String = "") -> String {
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//plan//tests//EN
        BEGIN:VEVENT
        UID:lecture@test
        DTSTART;TZID=America/New_York:20260831T100000
        DTEND;TZID=America/New_York:20260831T105000
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261211T235959Z
        EXDATE;TZID=America/New_York:20260907T100000
        SUMMARY:Lecture
        END:VEVENT
        BEGIN:VEVENT
        UID:lecture@test
        RECURRENCE-ID;TZID=America/New_York:20261014T100000
        DTSTART;TZID=America/New_York:20261014T150000
        DTEND;TZID=America/New_York:20261014T155000
        SUMMARY:Lecture (moved)
        END:VEVENT
        BEGIN:VEVENT
        UID:lab@test
        DTSTART:20260901T190000Z
        DURATION:PT2H
        RRULE:FREQ=WEEKLY;COUNT=12
        STATUS:TENTATIVE
        END:VEVENT
        BEGIN:VEVENT
        UID:trip@test
        DTSTART;VALUE=DATE:20261002
        DTEND;VALUE=DATE:20261005
        END:VEVENT
        BEGIN:VEVENT
        UID:call@test
        DTSTART:20261020T083000
        DTEND:20261020T083000
        END:VEVENT
        \(extra)END:VCALENDAR

        """
    }

    static func at(_ month: Int, _ day: Int, _ hour: Int = 8) -> Instant {
        zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: month, day: day), hour: hour))
    }

    /// The busy blocks an expansion of exactly `window` gives, without the cache.
    static func expanded(_ path: String, _ window: TimeRange, _ policy: Policy) throws -> [BusyBlock] {
        let r = try ICalImporter.importFile(path: path, options: ImportOptions(window: window, floatingZone: policy.zone))
        return policy.busyBlocks(from: r.occurrences)
    }

    @Test func unchangedFileIsReadFromTheCache() throws {
        let s = try Scratch()
        try s.write(Self.calendar())
        let policy = Policy(zone: Self.zone)
        let window = TimeRange(start: Self.at(9, 1), end: Self.at(12, 1))
        try s.store.write { t in
            let first = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(9, 2))
            #expect(!first.fromCache)
            let second = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(9, 2))
            #expect(second.fromCache)
            #expect(second.blocks == first.blocks)
            #expect(first.blocks == (try Self.expanded(s.calendar, window, policy)))
        }
        // A later command: its window starts a few hours later, inside the same wider window.
        let later = TimeRange(start: Self.at(9, 1, 14), end: Self.at(12, 1))
        try s.store.write { t in
            let r = try BusyCache.busy(feed: s.feed, window: later, policy: policy, transaction: t, now: Self.at(9, 2, 14))
            #expect(r.fromCache)
            #expect(r.blocks == (try Self.expanded(s.calendar, later, policy)))
        }
    }

    @Test func changedFileIsExpandedAgain() throws {
        let s = try Scratch()
        try s.write(Self.calendar())
        let policy = Policy(zone: Self.zone)
        let window = TimeRange(start: Self.at(10, 1), end: Self.at(11, 1))
        let before = try s.store.write { t in
            try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(10, 1))
        }
        #expect(!before.fromCache)
        try s.write(Self.calendar(extra: """
            BEGIN:VEVENT
            UID:exam@test
            DTSTART;TZID=America/New_York:20261021T090000
            DTEND;TZID=America/New_York:20261021T120000
            END:VEVENT

            """))
        try s.store.write { t in
            let after = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(10, 1))
            #expect(!after.fromCache)
            #expect(after.blocks.count == before.blocks.count + 1)
            #expect(after.blocks.contains { $0.range == TimeRange(start: Self.at(10, 21, 9), end: Self.at(10, 21, 12)) })
            #expect(after.blocks == (try Self.expanded(s.calendar, window, policy)))
            let again = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(10, 1))
            #expect(again.fromCache)
            #expect(again.blocks == after.blocks)
        }
    }

    /// Windows starting at every few hours over weeks, with and without a buffer,
    /// all-day and tentative events busy or not: the cache gives what expanding gives.
    @Test(arguments: [(0, false, false), (600, true, true), (900, false, true), (3600, true, false)])
    func cacheEqualsExpansion(buffer: Int64, allDay: Bool, tentative: Bool) throws {
        let s = try Scratch()
        try s.write(Self.calendar())
        let policy = Policy(zone: Self.zone, buffer: buffer, busy: BusyRules(allDay: allDay, tentative: tentative))
        var start = Self.at(8, 25, 0)
        var hits = 0
        while start < Self.at(12, 20) {
            let window = TimeRange(start: start, end: start + 86_400 * Int64(3 + hits % 40))
            let r = try s.store.write { t in
                try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: start + 86_400)
            }
            #expect(r.blocks == (try Self.expanded(s.calendar, window, policy)), "\(window)")
            if r.fromCache { hits += 1 }
            start = start + 5 * 3600 + 17 * 60
        }
        #expect(hits > 300)
    }

    /// A file with something to report is expanded over the exact window and
    /// its warnings are given (once: the next run is a cache hit).
    @Test func warningsComeFromTheExactWindow() throws {
        let s = try Scratch()
        try s.write(Self.calendar(extra: """
            BEGIN:VEVENT
            UID:odd@test
            DTSTART;TZID=Nowhere/Special:20261015T100000
            DTEND;TZID=Nowhere/Special:20261015T110000
            END:VEVENT

            """))
        let policy = Policy(zone: Self.zone)
        let window = TimeRange(start: Self.at(10, 1), end: Self.at(11, 1))
        try s.store.write { t in
            let first = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(10, 1))
            #expect(!first.fromCache)
            #expect(first.warnings.map(\.id) == ["unknown-tzid", "unknown-tzid"])
            let direct = try ICalImporter.importFile(path: s.calendar, options: ImportOptions(window: window, floatingZone: policy.zone))
            #expect(first.warnings == direct.warnings)
            #expect(first.blocks == (try Self.expanded(s.calendar, window, policy)))
            let second = try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: Self.at(10, 1))
            #expect(second.fromCache)
            #expect(second.warnings.isEmpty)
            #expect(second.blocks == first.blocks)
        }
    }

    /// Every planning path (add, replan, done, edit) plans through `planned`,
    /// which takes the calendars' busy time from the cache while the file is the same.
    @Test func planningUsesTheCache() throws {
        let s = try Scratch()
        try s.write(Self.calendar())
        let service = PlanService(store: s.store, now: Self.at(9, 14), environment: ["TZ": "UTC"])
        _ = try service.updateSettings { $0.timeZone = "America/New_York" }
        _ = try service.addCalendar(path: s.calendar, name: "classes")
        let spec = ScheduleRequest.TaskSpec(id: "essay", title: "Essay", estimate: "PT6H", due: "2026-10-20")
        _ = try service.addTask(try TaskDefinition(spec, path: ""), dryRun: false, replan: false)
        func planned(_ service: PlanService) throws -> PlanService.Planned {
            try s.store.write { t in
                try service.planned(t, settings: try service.settings(t), fixed: [])
            }
        }
        #expect(try planned(service).busyFromCache)
        // An hour later: another window, the same cache entry.
        let later = PlanService(store: s.store, now: Self.at(9, 14, 9), environment: ["TZ": "UTC"])
        _ = try later.replan()
        #expect(try planned(later).busyFromCache)
        // The file changes: expanded once, then cached again.
        try s.write(Self.calendar(extra: "BEGIN:VEVENT\nUID:new@test\nDTSTART:20261001T120000Z\nDURATION:PT1H\nEND:VEVENT\n"))
        #expect(try !planned(later).busyFromCache)
        #expect(try planned(later).busyFromCache)
    }
}

/// The in-process memo of calendar imports behind the agenda.
@Suite struct ImportMemoTests {
    @Test func sameResultAsImportingAndFollowsTheFile() throws {
        let s = try BusyCacheTests.Scratch()
        try s.write(BusyCacheTests.calendar())
        let options = ImportOptions(window: TimeRange(start: BusyCacheTests.at(10, 1), end: BusyCacheTests.at(10, 8)),
                                    floatingZone: BusyCacheTests.zone)
        let direct = try ICalImporter.importFile(path: s.calendar, options: options)
        let first = try ImportMemo.shared.imported(from: s.feed, options: options)
        let second = try ImportMemo.shared.imported(from: s.feed, options: options)
        #expect(first.occurrences == direct.occurrences && first.warnings == direct.warnings)
        #expect(second.occurrences == direct.occurrences)
        try s.write(BusyCacheTests.calendar(extra: "BEGIN:VEVENT\nUID:new@test\nDTSTART:20261005T120000Z\nDURATION:PT1H\nEND:VEVENT\n"))
        let changed = try ImportMemo.shared.imported(from: s.feed, options: options)
        #expect(changed.occurrences.count == direct.occurrences.count + 1)
        #expect(changed.occurrences == (try ICalImporter.importFile(path: s.calendar, options: options)).occurrences)
        // Missing files fail as the importer fails.
        #expect(throws: ImportError.unreadable(file: s.dir + "/nope.ics", reason: "no such file")) {
            try ImportMemo.shared.imported(from: FileFeed(path: s.dir + "/nope.ics"), options: options)
        }
    }
}
