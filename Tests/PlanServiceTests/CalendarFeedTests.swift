import Foundation
import PlanCore
import PlanICal
import PlanStore
import Testing
@testable import PlanService

/// Calendars are read through their feeds: a file says it changed by its
/// modification time and size, and the busy cache, the import memo and
/// export take what the feed gives, not what is on disk.
@Suite struct CalendarFeedTests {
    /// A calendar held in memory: what a subscription will look like to the
    /// service, without a file or a network.
    final class MemoryFeed: CalendarFeed, @unchecked Sendable {
        var text: String
        var version = 1
        private(set) var reads = 0
        init(_ text: String) { self.text = text }

        var identity: String { "memory:classes" }
        var label: String { "memory://classes" }
        func revision() -> CalendarRevision { .file(modified: Int64(version), size: Int64(text.utf8.count)) }
        func read() -> CalendarContent {
            reads += 1
            return CalendarContent(bytes: Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), revision: revision(), label: label)
        }
    }

    static func setModified(_ path: String, _ seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
    }

    @Test func aFileSaysItChangedByItsTimeOrItsSize() throws {
        let s = try BusyCacheTests.Scratch()
        try s.write(BusyCacheTests.calendar())
        try Self.setModified(s.calendar, 1_790_000_000)
        let first = try s.feed.revision()
        #expect(try s.feed.revision() == first)
        #expect(try s.feed.read().revision == first)
        // The same size, a later time.
        try s.write(BusyCacheTests.calendar().replacingOccurrences(of: "Lecture (moved)", with: "Lecture (MOVED)"))
        try Self.setModified(s.calendar, 1_790_000_060)
        let later = try s.feed.revision()
        #expect(later != first)
        // The same time, another size.
        try s.write(BusyCacheTests.calendar(extra: "BEGIN:VEVENT\nUID:x@test\nDTSTART:20261001T120000Z\nEND:VEVENT\n"))
        try Self.setModified(s.calendar, 1_790_000_060)
        let bigger = try s.feed.revision()
        #expect(bigger != later)
        guard case .file(let modified, let size) = bigger else { return }
        #expect(modified == 1_790_000_060 * 1_000_000_000)
        #expect(size == Int64(try s.feed.read().bytes.count))
        #expect(throws: ImportError.unreadable(file: s.dir + "/nope.ics", reason: "no such file")) {
            try FileFeed(path: s.dir + "/nope.ics").revision()
        }
    }

    /// Touched, not changed: a new revision, but the same content, so the
    /// cache still holds its busy time.
    @Test func aTouchedFileIsStillACacheHit() throws {
        let s = try BusyCacheTests.Scratch()
        try s.write(BusyCacheTests.calendar())
        try Self.setModified(s.calendar, 1_790_000_000)
        let policy = Policy(zone: BusyCacheTests.zone)
        let window = TimeRange(start: BusyCacheTests.at(10, 1), end: BusyCacheTests.at(11, 1))
        let before = try s.feed.revision()
        let first = try s.store.write { try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: $0, now: window.start) }
        try Self.setModified(s.calendar, 1_790_000_600)
        #expect(try s.feed.revision() != before)
        let again = try s.store.write { try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: $0, now: window.start) }
        #expect(!first.fromCache && again.fromCache)
        #expect(again.blocks == first.blocks)
    }

    @Test func theBusyCacheReadsTheFeedNotTheDisk() throws {
        let s = try BusyCacheTests.Scratch()
        let feed = MemoryFeed(BusyCacheTests.calendar())
        let policy = Policy(zone: BusyCacheTests.zone)
        let window = TimeRange(start: BusyCacheTests.at(10, 1), end: BusyCacheTests.at(11, 1))
        func busy() throws -> BusyCache.Busy {
            try s.store.write { try BusyCache.busy(feed: feed, window: window, policy: policy, transaction: $0, now: window.start) }
        }
        let first = try busy()
        #expect(!first.fromCache && feed.reads == 1)
        #expect(!first.blocks.isEmpty && first.blocks.allSatisfy { $0.source == "memory://classes" })
        let direct = try ICalImporter.importData(feed.read().bytes, label: feed.label,
                                                 options: ImportOptions(window: window, floatingZone: policy.zone))
        #expect(first.blocks == policy.busyBlocks(from: direct.occurrences))
        #expect(try busy().fromCache)
        feed.text = BusyCacheTests.calendar(extra: "BEGIN:VEVENT\nUID:exam@test\nDTSTART:20261021T130000Z\nDURATION:PT3H\nEND:VEVENT\n")
        feed.version += 1
        let changed = try busy()
        #expect(!changed.fromCache)
        #expect(changed.blocks.count == first.blocks.count + 1)
        // Another calendar with the same bytes is a calendar of its own.
        let file = try s.store.write { t in
            try s.write(feed.text)
            return try BusyCache.busy(feed: s.feed, window: window, policy: policy, transaction: t, now: window.start)
        }
        #expect(!file.fromCache)
        #expect(file.blocks.map(\.range) == changed.blocks.map(\.range))
    }

    @Test func theImportMemoReadsTheFeed() throws {
        let feed = MemoryFeed(BusyCacheTests.calendar())
        let options = ImportOptions(window: TimeRange(start: BusyCacheTests.at(10, 1), end: BusyCacheTests.at(10, 8)),
                                    floatingZone: BusyCacheTests.zone)
        let first = try ImportMemo.shared.imported(from: feed, options: options)
        #expect(feed.reads == 1)
        #expect(first.occurrences.map(\.uid).contains("lecture@test"))
        feed.text = BusyCacheTests.calendar(extra: "BEGIN:VEVENT\nUID:new@test\nDTSTART:20261005T120000Z\nDURATION:PT1H\nEND:VEVENT\n")
        let changed = try ImportMemo.shared.imported(from: feed, options: options)
        #expect(feed.reads == 2)
        #expect(changed.occurrences.count == first.occurrences.count + 1)
    }

    /// `plan export` hands the exporter what each registered calendar's feed
    /// reads; a file gone since it was registered fails as the importer says.
    @Test func exportReadsThroughTheSource() throws {
        let s = try BusyCacheTests.Scratch()
        try s.write(BusyCacheTests.calendar())
        let service = PlanService(store: s.store, now: BusyCacheTests.at(9, 14), environment: ["TZ": "UTC"])
        _ = try service.addCalendar(path: s.calendar, name: "classes")
        let registered = try service.calendars()
        #expect(registered == [CalendarSource(name: "classes", kind: .file(path: s.calendar))])
        let text = try service.export(from: nil, to: nil, onlyPlan: false)
        let content = try FileFeed(path: s.calendar).read()
        #expect(text == (try ICalExporter.merged(calendars: [content.calendarBytes], sittings: [], stamp: service.now, timeZone: "UTC")))
        #expect(text.contains("UID:lecture@test"))
        try FileManager.default.removeItem(atPath: s.calendar)
        let gone = #expect(throws: ServiceError.self) { try service.export(from: nil, to: nil, onlyPlan: false) }
        #expect(gone?.description == ServiceError.calendar(.unreadable(file: s.calendar, reason: "no such file")).description)
        #expect(try !service.export(from: nil, to: nil, onlyPlan: true).contains("lecture@test"))
    }
}
