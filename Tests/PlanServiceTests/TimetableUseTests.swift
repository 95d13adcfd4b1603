import Foundation
import PlanCore
import PlanICal
import PlanStore
import PlanTimetable
import Testing
@testable import PlanService

/// `plan courses use`: a saved timetable written as a class calendar with
/// libical, read back by the importer meeting for meeting, and registered.
@Suite struct TimetableUseTests {
    static func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }
    static let zone = SystemZone(identifier: "America/New_York")!

    static let timetable = Catalog(
        term: Term(name: "Fall 2027", timeZone: "America/New_York", start: d("2027-08-30"), end: d("2027-12-10"),
                   holidays: [DateSpan(day: d("2027-09-06")), DateSpan(from: d("2027-11-24"), to: d("2027-11-28"))]),
        courses: [
            Course(code: "CMSC436", title: "Programming Handheld Systems", credits: 3, sections: [
                Section(id: "0101", instructors: ["Ada Byron"], meetings: [
                    Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324", kind: "lecture"),
                    Meeting(days: [.friday], start: 540, end: 590, room: "IRB 1207", kind: "lab", from: d("2027-09-13")),
                ]),
                Section(id: "0103", instructors: ["Ada Byron"]),
            ]),
            Course(code: "HIST200", title: "Online History", credits: 3, sections: [Section(id: "0001")]),
            Course(code: "MATH240", title: "Linear Algebra", credits: 4, sections: [
                Section(id: "0201", meetings: [Meeting(days: [.tuesday, .thursday], start: 14 * 60, end: 15 * 60 + 15, from: d("2027-10-18"), to: d("2027-12-31"))]),
            ]),
        ])

    static func saved(_ s: BusyCacheTests.Scratch, name: String = "fall-2027") throws {
        try s.store.write { try $0.putCatalog(StoredCatalog(name: name, catalog: timetable, source: "test", saved: Instant(seconds: 0), score: 80), as: .timetable) }
    }

    /// Every class day of each meeting, counted here day by day (independent of `MeetingDates`).
    static func expectedStarts() -> [Instant] {
        var out: [Instant] = []
        let term = timetable.term
        for course in timetable.courses {
            for m in course.sections[0].meetings {
                var x = term.start
                while x <= term.end {
                    let inRange = x >= (m.from ?? term.start) && x <= (m.to ?? term.end)
                    let holiday = term.holidays.contains { $0.from <= x && x <= $0.to }
                    if inRange, !holiday, m.days.contains(Weekday(x)) {
                        out.append(zone.resolve(LocalDateTime(date: x, hour: m.start / 60, minute: m.start % 60)))
                    }
                    x = x.adding(days: 1)
                }
            }
        }
        return out.sorted()
    }

    @Test func theCalendarHoldsEveryMeetingAndNothingElse() throws {
        let s = try BusyCacheTests.Scratch()
        try Self.saved(s)
        let service = PlanService(store: s.store, now: Instant(seconds: 1_790_000_000), environment: ["TZ": "America/New_York"])
        let used = try service.useTimetable(named: "FALL-2027", out: s.dir + "/out/classes.ics")
        #expect(used.events == 3)
        #expect(used.unscheduled.map(\.course.code) == ["HIST200"])
        #expect(used.path == s.dir + "/out/classes.ics")
        #expect(used.planZone == nil)
        let inUTC = PlanService(store: s.store, now: Instant(seconds: 1_790_000_000), environment: ["TZ": "UTC"])
        // Another zone than the term's (UTC: Foundation may call it GMT) is named.
        #expect(try inUTC.useTimetable(named: "FALL-2027", out: s.dir + "/out/classes.ics").planZone == inUTC.fallbackZone.identifier)
        let bytes = try #require(FileManager.default.contents(atPath: used.path))
        let window = TimeRange(start: Instant(seconds: 1_800_000_000), end: Instant(seconds: 1_830_000_000))
        let read = try ICalImporter.importData(Array(bytes), label: "classes.ics", options: ImportOptions(window: window))
        #expect(read.warnings.isEmpty)
        let starts = read.occurrences.map { $0.range(in: Self.zone).start }.sorted()
        #expect(starts == Self.expectedStarts())
        // Wall-clock times hold across the end of daylight saving (2027-11-07).
        let lectures = read.occurrences.filter { $0.summary == "CMSC436 Lecture" }.map { Self.zone.local($0.range(in: Self.zone).start) }
        #expect(Set(lectures.map(\.hhmm)) == ["10:00"])
        #expect(read.occurrences.allSatisfy { $0.range(in: Self.zone).duration == ($0.summary == "MATH240 Class" ? 75 * 60 : 50 * 60) })
        // Unfolded (RFC 5545 §3.1), as a reader sees it.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("LOCATION:IRB 0324"))
        #expect(text.contains("DESCRIPTION:Programming Handheld Systems\\, section 0101/0103\\nInstructor: Ada Byron\r\n"))
        #expect(text.contains("RRULE:FREQ=WEEKLY;UNTIL=20271208T150000Z;BYDAY=MO,WE"))
        #expect(text.contains("EXDATE;TZID=America/New_York:20270906T100000"))
        // Registered: the next plan keeps clear of it.
        #expect(try service.calendars().map(\.name) == ["fall-2027"])
        #expect(try service.timetableInUse() == "fall-2027")
    }

    @Test func usingAnotherTimetableReplacesTheFirstAndTheSameOneAgainUpdatesIt() throws {
        let s = try BusyCacheTests.Scratch()
        try Self.saved(s, name: "a")
        try Self.saved(s, name: "b")
        let service = PlanService(store: s.store, now: Instant(seconds: 1_790_000_000), environment: ["TZ": "America/New_York"])
        #expect(try service.useTimetable(named: "a", out: s.dir + "/a.ics").replaced == nil)
        #expect(try service.useTimetable(named: "a", out: s.dir + "/a.ics").replaced == nil)
        #expect(try service.calendars().map(\.name) == ["a"])
        #expect(try service.useTimetable(named: "b", out: s.dir + "/b.ics").replaced == "a")
        #expect(try service.calendars().map(\.name) == ["b"])
        #expect(FileManager.default.fileExists(atPath: s.dir + "/a.ics"))
    }

    @Test func sameBytesForTheSameTimetableAndStamp() throws {
        let s = try BusyCacheTests.Scratch()
        try Self.saved(s)
        let service = PlanService(store: s.store, now: Instant(seconds: 1_790_000_000), environment: ["TZ": "America/New_York"])
        _ = try service.useTimetable(named: "fall-2027", out: s.dir + "/1.ics")
        _ = try service.useTimetable(named: "fall-2027", out: s.dir + "/2.ics")
        #expect(FileManager.default.contents(atPath: s.dir + "/1.ics") == FileManager.default.contents(atPath: s.dir + "/2.ics"))
    }

    @Test func refusalsSayWhatToDo() throws {
        let s = try BusyCacheTests.Scratch()
        let service = PlanService(store: s.store, now: Instant(seconds: 0), environment: ["TZ": "America/New_York"])
        let none = #expect(throws: ServiceError.self) { _ = try service.saveTimetable(rank: 1, name: nil) }
        #expect(none?.description.contains("run `plan courses build COURSE…` first") == true)
        let missing = #expect(throws: ServiceError.self) { _ = try service.useTimetable(named: "spring", out: nil) }
        #expect(missing?.description == "no timetable \"spring\" (see `plan courses saved`)")
        let remove = #expect(throws: ServiceError.self) { try service.removeTimetable(named: "spring") }
        #expect(remove?.description == "no timetable \"spring\" (see `plan courses saved`)")
        let catalog = #expect(throws: ServiceError.self) { _ = try service.catalog() }
        #expect(catalog?.description.contains("plan courses import FILE") == true)
        // A calendar the user registered under the timetable's name is not replaced.
        try Self.saved(s)
        try s.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n")
        _ = try service.addCalendar(path: s.calendar, name: "fall-2027")
        let taken = #expect(throws: ServiceError.self) { _ = try service.useTimetable(named: "fall-2027", out: s.dir + "/t.ics") }
        #expect(taken?.description.contains("plan calendar remove fall-2027") == true)
        #expect(!FileManager.default.fileExists(atPath: s.dir + "/t.ics"))
    }
}

/// `--around`: the busy events of a calendar as wall-clock blocks of the term's zone.
@Suite struct KeepClearTests {
    @Test func busyEventsBecomeBlocksCutAtMidnightAndFreeOnesDoNot() throws {
        let s = try BusyCacheTests.Scratch()
        try s.write("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:test\r
            BEGIN:VEVENT\r
            UID:job\r
            DTSTART;TZID=America/New_York:20270831T170000\r
            DTEND;TZID=America/New_York:20270831T210000\r
            RRULE:FREQ=WEEKLY;COUNT=2\r
            SUMMARY:Job\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:night\r
            DTSTART:20270902T030000Z\r
            DTEND:20270902T070000Z\r
            SUMMARY:Night shift\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:free\r
            DTSTART;TZID=America/New_York:20270901T090000\r
            DTEND;TZID=America/New_York:20270901T100000\r
            TRANSP:TRANSPARENT\r
            SUMMARY:Maybe\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:allday\r
            DTSTART;VALUE=DATE:20270903\r
            SUMMARY:Exam week\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:before\r
            DTSTART;TZID=America/New_York:20270801T090000\r
            DTEND;TZID=America/New_York:20270801T100000\r
            SUMMARY:Before the term\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let service = PlanService(store: s.store, now: Instant(seconds: 0), environment: ["TZ": "America/New_York"])
        let blocks = try service.keepClear(path: s.calendar, term: TimetableUseTests.timetable.term)
            .sorted { ($0.date, $0.start) < ($1.date, $1.start) }
        let d = TimetableUseTests.d
        #expect(blocks == [
            KeepClear(date: d("2027-08-31"), start: 17 * 60, end: 21 * 60, label: "Job"),
            KeepClear(date: d("2027-09-01"), start: 23 * 60, end: 1440, label: "Night shift"),
            KeepClear(date: d("2027-09-02"), start: 0, end: 3 * 60, label: "Night shift"),
            KeepClear(date: d("2027-09-07"), start: 17 * 60, end: 21 * 60, label: "Job"),
        ])
    }
}
