import Foundation
import PlanCore
import PlanICal
import Testing

/// Issue 12, items 2–4: which instance a RECURRENCE-ID or EXDATE names when
/// it is written in another value type or zone than its series; which of
/// several copies of one event is read; and overrides at the edges (of an
/// excluded instance, of no instance, RANGE=THISANDFUTURE over RDATEs).
@Suite struct InstanceMatchingTests {
    // MARK: Another value type or zone (item 2)

    /// Outlook's all-day series: the moved instance is named by a zoned
    /// midnight, the excluded one too. Each is matched by its date: the moved
    /// instance appears once (moved), the excluded one not at all.
    @Test func outlookAllDaySeries() throws {
        let rows = try ICS.expand(
            ICS.event("lab", "DTSTART;VALUE=DATE:20260302", "DTEND;VALUE=DATE:20260303", "RRULE:FREQ=WEEKLY;COUNT=4",
                      "EXDATE;TZID=Europe/London:20260323T000000"),
            ICS.event("lab", "RECURRENCE-ID;TZID=Europe/London:20260316T000000",
                      "DTSTART;VALUE=DATE:20260317", "DTEND;VALUE=DATE:20260318"))
        #expect(rows.map { "\($0.start)…\($0.end) rid=\($0.recurrenceId ?? "-")" } == [
            "2026-03-02…2026-03-03 rid=2026-03-02",
            "2026-03-09…2026-03-10 rid=2026-03-09",
            "2026-03-17…2026-03-18 rid=2026-03-16",
        ])
    }

    /// A DATE RECURRENCE-ID or EXDATE on a timed series names the instance of
    /// that local date (in the series' zone: 23:30 in New York is the next
    /// day in UTC, and still that date's instance).
    @Test func dateValuesOnATimedSeries() throws {
        let rows = try ICS.expand(
            ICS.event("late", "DTSTART;TZID=America/New_York:20260302T233000", "DURATION:PT1H",
                      "RRULE:FREQ=DAILY;COUNT=4", "EXDATE;VALUE=DATE:20260303"),
            ICS.event("late", "RECURRENCE-ID;VALUE=DATE:20260304",
                      "DTSTART;TZID=America/New_York:20260304T200000", "DURATION:PT1H"))
        #expect(rows.map(\.start) == ["2026-03-03T04:30:00Z", "2026-03-05T01:00:00Z", "2026-03-06T04:30:00Z"])
        #expect(rows[1].recurrenceId == "2026-03-04")
    }

    /// Property: on random weekly series (all-day or timed in one of four
    /// zones, across March's DST changes), an EXDATE and a RECURRENCE-ID
    /// written in a random other form — UTC, another zone's wall clock, a
    /// date, a floating time — remove and move exactly the instance they
    /// name. The expected occurrences are computed here with Foundation's
    /// calendar, not plan's zone code.
    @Test func otherFormsNameTheSameInstance() throws {
        let zones = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney"]
        var random = RecurrenceIteratorTests.Random(state: 12)
        for round in 0..<150 {
            let zone = zones[random.int(0...3)], other = zones[random.int(0...3)]
            let allDay = random.int(0...2) == 0
            let count = random.int(3...7)
            let first = LocalDate(year: 2026, month: 3, day: random.int(1...9))
            let hour = random.int(0...23), minute = [0, 30][random.int(0...1)]
            let excluded = random.int(0...(count - 1)), moved = (excluded + random.int(1...(count - 1))) % count
            let exForm = random.int(0...2), ridForm = random.int(0...2)
            let dates = (0..<count).map { first.adding(days: 7 * $0) }

            func written(_ property: String, _ k: Int, form: Int) -> String {
                let d = dates[k]
                if allDay {
                    let day = Self.compact(d)
                    switch form {
                    case 0: return "\(property);TZID=\(other):\(day)T000000"
                    case 1: return "\(property):\(day)T000000Z"
                    default: return "\(property):\(day)T000000"
                    }
                }
                let instant = Self.instant(d, hour, minute, zone)
                switch form {
                case 0: return "\(property):\(Self.wall(instant, "UTC"))Z"
                case 1: return "\(property);TZID=\(other):\(Self.wall(instant, other))"
                default: return "\(property);VALUE=DATE:\(Self.compact(d))"
                }
            }
            let start = allDay ? "DTSTART;VALUE=DATE:\(Self.compact(first))"
                : "DTSTART;TZID=\(zone):\(Self.compact(first))T\(Self.two(hour))\(Self.two(minute))00"
            let length = allDay ? "DURATION:P1D" : "DURATION:PT50M"
            let movedStart = allDay ? "DTSTART;VALUE=DATE:\(Self.compact(dates[moved].adding(days: 1)))"
                : "DTSTART:\(Self.wall(Self.instant(dates[moved], hour, minute, zone) + 7_200, "UTC"))Z"
            let result = try ICS.read(ICS.calendar(
                ICS.event("s", start, length, "RRULE:FREQ=WEEKLY;COUNT=\(count)", written("EXDATE", excluded, form: exForm)),
                ICS.event("s", written("RECURRENCE-ID", moved, form: ridForm), movedStart, length)))
            let ours = Set(ICS.rows(result).map { "\($0.start)…\($0.end)" })

            var expected = Set<String>()
            for k in 0..<count where k != excluded {
                let day = k == moved && allDay ? dates[k].adding(days: 1) : dates[k]
                if allDay {
                    expected.insert("\(day.isoString)…\(day.adding(days: 1).isoString)")
                } else {
                    let s = Self.instant(day, hour, minute, zone) + (k == moved ? 7_200 : 0)
                    expected.insert("\(Self.iso(s))…\(Self.iso(s + 3_000))")
                }
            }
            #expect(ours == expected, "round \(round): \(start) in \(zone), EXDATE form \(exForm), RECURRENCE-ID form \(ridForm)")
            #expect(ICS.rows(result).count == count - 1, "round \(round): an instance is listed twice")
        }
    }

    /// An override's floating DTSTART stays floating when its RECURRENCE-ID
    /// is written in UTC or a zone: the RECURRENCE-ID only names the
    /// instance (the corpus peer reads it so too); a floating master is read
    /// in the zone of its own DTSTART/DTEND only.
    @Test func floatingOverrideOfAZonedName() throws {
        let rows = try ICS.expand(
            ICS.event("f", "DTSTART:20260315T193000", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=2"),
            ICS.event("f", "RECURRENCE-ID;TZID=Europe/London:20260316T193000", "DTSTART:20260316T203000", "DURATION:PT1H"))
        #expect(rows.map { "\($0.start) \($0.kind)" } == ["2026-03-15T19:30:00 floating", "2026-03-16T20:30:00 floating"])
    }

    // MARK: Several copies of one event (item 3)

    /// The newest copy wins: the highest SEQUENCE, then the latest
    /// LAST-MODIFIED (DTSTAMP without it), then the last in the file; the
    /// warning sits on the copy left out and names the one used.
    @Test(arguments: [
        // (first copy's properties, second copy's properties, which start wins, why)
        (["SEQUENCE:3", "DTSTAMP:20260101T000000Z"], ["SEQUENCE:1", "DTSTAMP:20260301T000000Z"], 0,
         "its SEQUENCE is higher (3 > 1)"),
        (["LAST-MODIFIED:20260220T000000Z"], ["LAST-MODIFIED:20260210T000000Z"], 0,
         "it was modified later (2026-02-20T00:00:00Z > 2026-02-10T00:00:00Z)"),
        (["DTSTAMP:20260201T000000Z"], ["DTSTAMP:20260205T120000Z"], 1,
         "it was modified later (2026-02-05T12:00:00Z > 2026-02-01T00:00:00Z)"),
        // LAST-MODIFIED is the revision time when present, whatever DTSTAMP says.
        (["LAST-MODIFIED:20260101T000000Z", "DTSTAMP:20260301T000000Z"], ["LAST-MODIFIED:20260102T000000Z", "DTSTAMP:20260101T000000Z"], 1,
         "it was modified later (2026-01-02T00:00:00Z > 2026-01-01T00:00:00Z)"),
        (["DTSTAMP:20260201T000000Z"], ["DTSTAMP:20260201T000000Z"], 1,
         "it comes later in the file, and neither SEQUENCE nor LAST-MODIFIED/DTSTAMP tells them apart"),
    ] as [([String], [String], Int, String)])
    func newestCopyWins(_ first: [String], _ second: [String], _ winner: Int, _ why: String) throws {
        func copy(_ hour: String, _ extra: [String]) -> [String] {
            ["BEGIN:VEVENT", "UID:dup"] + extra + ["DTSTART:20260305T\(hour)0000Z", "DURATION:PT1H", "END:VEVENT"]
        }
        let lines = ICS.calendar(copy("09", first), copy("14", second))
        let result = try ICS.read(lines)
        #expect(ICS.rows(result).map(\.start) == [winner == 0 ? "2026-03-05T09:00:00Z" : "2026-03-05T14:00:00Z"])
        let loserLine = winner == 0 ? 5 + first.count + 4 : 4
        let winnerLine = winner == 0 ? 4 : 5 + first.count + 4
        #expect(result.warnings.map(\.description) == [
            "test.ics:\(loserLine): UID \"dup\": another VEVENT with this UID and no RECURRENCE-ID (line \(winnerLine)) is used instead of this one: \(why)",
        ])
    }

    /// The overrides of a UID apply to the copy that wins.
    @Test func overridesFollowTheNewestCopy() throws {
        let rows = try ICS.rows(ICS.read(ICS.calendar(
            ICS.event("c", "SEQUENCE:0", "DTSTART:20260302T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3"),
            ICS.event("c", "SEQUENCE:1", "DTSTART:20260302T150000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3"),
            ICS.event("c", "SEQUENCE:1", "RECURRENCE-ID:20260303T150000Z", "DTSTART:20260303T170000Z", "DURATION:PT1H"))))
        #expect(rows.map(\.start) == ["2026-03-02T15:00:00Z", "2026-03-03T17:00:00Z", "2026-03-04T15:00:00Z"])
    }

    // MARK: Overrides at the edges (item 4)

    /// An override of an instance EXDATE removed, of the same revision as its
    /// master, is still shown, once, where it says: an override is an item of
    /// its own, which EXDATE (a rule about the generated dates) does not
    /// remove. The peer and Thunderbird hide it
    /// (`DeliberateDifference.overridesAreShown`); a master of a later
    /// revision does remove it (`ImportRevisionTests`).
    @Test func overrideOfAnExcludedInstanceIsShown() throws {
        let rows = try ICS.expand(
            ICS.event("r", "DTSTART:20260302T110000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20260309T110000Z"),
            ICS.event("r", "RECURRENCE-ID:20260309T110000Z", "DTSTART:20260310T160000Z", "DURATION:PT1H"))
        #expect(rows.map(\.start) == ["2026-03-02T11:00:00Z", "2026-03-10T16:00:00Z", "2026-03-16T11:00:00Z"])
        #expect(rows[1].recurrenceId == "2026-03-09T11:00:00Z")
    }

    /// An override naming no instance of its series (or whose series is not
    /// in the file) is shown as the event it describes: both clients list it,
    /// and a class moved to a date the rule never produced is still a class.
    @Test func overrideOfNoInstanceIsShown() throws {
        let rows = try ICS.expand(
            ICS.event("r", "DTSTART:20260302T110000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=2"),
            ICS.event("r", "RECURRENCE-ID:20260304T110000Z", "DTSTART:20260304T110000Z", "DURATION:PT1H"),
            ICS.event("lone", "RECURRENCE-ID:20260305T090000Z", "DTSTART:20260305T100000Z", "DURATION:PT1H"))
        #expect(rows.map { "\($0.uid) \($0.start)" } == [
            "r 2026-03-02T11:00:00Z", "r 2026-03-04T11:00:00Z", "lone 2026-03-05T10:00:00Z", "r 2026-03-09T11:00:00Z",
        ])
    }

    /// RANGE=THISANDFUTURE moves its instance and every later one, RDATE
    /// instances included (RFC 5545 §3.8.4.4: "all subsequent instances";
    /// Thunderbird's ical.js shifts every later occurrence the same way), each
    /// keeping the override's length; earlier RDATEs stay.
    @Test func thisAndFutureShiftsLaterRDates() throws {
        let rows = try ICS.expand(
            ICS.event("lab", "DTSTART:20260302T140000Z", "DURATION:PT2H", "RRULE:FREQ=WEEKLY;COUNT=3",
                      "RDATE:20260305T140000Z,20260326T140000Z"),
            ICS.event("lab", "RECURRENCE-ID;RANGE=THISANDFUTURE:20260309T140000Z",
                      "DTSTART:20260310T150000Z", "DURATION:PT1H"))
        #expect(rows.map { "\($0.start)…\($0.end)" } == [
            "2026-03-02T14:00:00Z…2026-03-02T16:00:00Z",
            "2026-03-05T14:00:00Z…2026-03-05T16:00:00Z",
            "2026-03-10T15:00:00Z…2026-03-10T16:00:00Z",
            "2026-03-17T15:00:00Z…2026-03-17T16:00:00Z",
            "2026-03-27T15:00:00Z…2026-03-27T16:00:00Z",
        ])
    }

    // MARK: Independent calendar arithmetic (Foundation)

    static func instant(_ d: LocalDate, _ hour: Int, _ minute: Int, _ zone: String) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day, hour: hour, minute: minute))!
        return Int64(date.timeIntervalSince1970)
    }

    /// `YYYYMMDDTHHMMSS`, the wall clock of `seconds` in `zone`.
    static func wall(_ seconds: Int64, _ zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                        from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    static func iso(_ seconds: Int64) -> String {
        let w = wall(seconds, "UTC")
        let c = Array(w)
        return "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[9..<11])):\(String(c[11..<13])):\(String(c[13..<15]))Z"
    }

    static func compact(_ d: LocalDate) -> String { d.isoString.replacingOccurrences(of: "-", with: "") }
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
