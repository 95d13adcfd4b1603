import Testing
@testable import PlanCore

/// Durations, dates, times and days in the forms people type and timetables print.
@Suite struct HumanInputTests {
    @Test func timesOfDay() {
        let table: [(String, Int?)] = [
            ("09:00", 540), ("9:00", 540), ("9am", 540), ("9 am", 540), ("9AM", 540), ("9:30pm", 1290), ("9:30 p.m.", 1290),
            ("12am", 0), ("12pm", 720), ("12:15pm", 735), ("noon", 720), ("23:59", 1439), ("00:00", 0),
            ("9", nil), ("13pm", nil), ("0am", nil), ("9:5", nil), ("9:60", nil), ("25:00", nil), ("", nil), ("nine", nil), ("9:00:00", nil),
        ]
        for (text, minutes) in table { #expect(HumanInput.clock(text) == minutes, "\(text)") }
        #expect(HumanInput.clock("24:00", allow24: true) == 1440)
        #expect(HumanInput.clock("24:00") == nil)
    }

    /// Every way of writing each day, against the day it names (written out here).
    @Test func days() {
        let week: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        let forms = [["MO", "Monday", "mon", "M"], ["TU", "Tuesday", "tue", "T"], ["WE", "Wednesday", "wed", "W"],
                     ["TH", "Thursday", "thu", "R"], ["FR", "Friday", "fri", "F"], ["SA", "Saturday", "sat", "S"],
                     ["SU", "Sunday", "sun", "U"]]
        for (day, spellings) in zip(week, forms) {
            for s in spellings { #expect(HumanInput.days(s) == [day], "\(s)") }
        }
        #expect(HumanInput.days("TR") == [.tuesday, .thursday])
        #expect(HumanInput.days("MWF") == [.monday, .wednesday, .friday])
        #expect(HumanInput.days("MO,FR") == [.monday, .friday])
        #expect(HumanInput.days("mon fri") == [.monday, .friday])
        for bad in ["", "X", "Fridays", "fr1", "MX", "frid"] { #expect(HumanInput.days(bad) == nil, "\(bad)") }
    }

    // MARK: Durations

    /// Every form read, in seconds: units with and without spaces, several parts, ISO 8601.
    @Test(arguments: [
        ("90m", 5400), ("1h30m", 5400), ("1.5h", 5400), ("2h", 7200), ("PT1H30M", 5400), ("pt45m", 2700),
        ("3 hours", 10_800), ("3 h", 10_800), ("3 hour", 10_800), ("90 min", 5400), ("1 hr 30 min", 5400),
        ("1h 30m", 5400), ("2 hours 15 minutes", 8100), ("1.5 hours", 5400), ("3hrs", 10_800), ("90mins", 5400),
        ("1 minute", 60), ("  45m ", 2700), ("3H", 10_800), ("0", 0), ("0m", 0),
    ] as [(String, Int64)])
    func durations(text: String, seconds: Int64) {
        #expect(HumanInput.duration(text) == seconds, "\(text)")
    }

    /// A number with no unit is refused (hours or minutes?), zero aside; so is anything else not a duration.
    @Test(arguments: ["3", "45", "1.5", " 90 ", "", "h", "3x", "3 hours 5", "1..5h", "3 weeks", "-PT1H", "1h30", "hours 3"])
    func refusedDurations(text: String) {
        #expect(HumanInput.duration(text) == nil, "\(text)")
    }

    @Test func bareNumbersAreToldApart() {
        for bare in ["3", "45", "1.5", " 90 "] { #expect(HumanInput.isBareNumber(bare), "\(bare)") }
        for other in ["0", "3h", "3 hours", "", "abc", "1.2.3", "PT3H"] { #expect(!HumanInput.isBareNumber(other), "\(other)") }
    }

    // MARK: Dates

    /// 08:00 at UTC−5 on `day` (2026-11-02 is a Monday).
    static func morning(_ day: String) -> Instant {
        zone.resolve(LocalDateTime(date: LocalDate(iso: day)!, hour: 8))
    }

    static let zone = FixedOffsetZone(seconds: -5 * 3600)

    /// Each form against the date it names, from the morning of `today`.
    @Test(arguments: [
        ("2026-11-02", "today", "2026-11-02"), ("2026-11-02", "tomorrow", "2026-11-03"),
        ("2026-11-02", "tmrw", "2026-11-03"), ("2026-11-02", "tmr", "2026-11-03"), ("2026-11-02", "TMRW", "2026-11-03"),
        ("2026-11-02", "fri", "2026-11-06"), ("2026-11-02", "friday", "2026-11-06"), ("2026-11-02", "mon", "2026-11-09"),
        // `next`: the day in the Monday–Sunday week after this one.
        ("2026-11-02", "next fri", "2026-11-13"), ("2026-11-02", "next friday", "2026-11-13"),
        ("2026-11-02", "Next Fri", "2026-11-13"), ("2026-11-02", "next mon", "2026-11-09"),
        ("2026-11-02", "next sun", "2026-11-15"), ("2026-11-06", "next fri", "2026-11-13"),
        ("2026-11-07", "next fri", "2026-11-13"), ("2026-11-08", "next fri", "2026-11-13"),
        ("2026-11-08", "next mon", "2026-11-09"), ("2026-11-09", "next fri", "2026-11-20"),
        // A month and a day: the next on or after today.
        ("2026-11-02", "feb 20", "2027-02-20"), ("2026-11-02", "20 feb", "2027-02-20"),
        ("2026-11-02", "february 20", "2027-02-20"), ("2026-11-02", "20 february", "2027-02-20"),
        ("2026-11-02", "Feb 20th", "2027-02-20"), ("2026-11-02", "dec 4", "2026-12-04"),
        ("2026-11-02", "nov 2", "2026-11-02"), ("2026-11-02", "nov 1", "2027-11-01"), ("2026-11-02", "sept 1", "2027-09-01"),
        ("2026-11-02", "+3d", "2026-11-05"), ("2026-11-02", "2026-12-10", "2026-12-10"),
    ])
    func dates(today: String, text: String, expected: String) {
        #expect(HumanInput.date(text, now: Self.morning(today), zone: Self.zone) == .date(LocalDate(iso: expected)!),
                "\(text) on \(today)")
    }

    @Test func datesWithATimeOfDay() {
        let now = Self.morning("2026-11-02")
        let table: [(String, String, Int)] = [("next fri 17:00", "2026-11-13", 17), ("feb 20 9am", "2027-02-20", 9),
                                              ("tmrw 9 am", "2026-11-03", 9), ("20 feb 23:00", "2027-02-20", 23)]
        for (text, day, hour) in table {
            #expect(HumanInput.date(text, now: now, zone: Self.zone) == .local(LocalDateTime(date: LocalDate(iso: day)!, hour: hour)),
                    "\(text)")
        }
    }

    /// Not dates: a slash (4 Dec or 12 Apr?), a month with no such day, `next` alone.
    @Test(arguments: ["12/4", "12/4/2026", "feb 30", "feb", "20", "next", "next week", "next feb", "fri fri", "20 feb 2027"])
    func refusedDates(text: String) {
        #expect(HumanInput.date(text, now: Self.morning("2026-11-02"), zone: Self.zone) == nil, "\(text)")
    }

    /// Both readings of a date with slashes, month first; one when the other is no date or the same.
    @Test func slashReadings() {
        let now = Self.morning("2026-11-02")
        func readings(_ text: String) -> [String]? { HumanInput.slashReadings(text, now: now, zone: Self.zone)?.map(\.isoString) }
        #expect(readings("12/4") == ["2026-12-04", "2027-04-12"])
        #expect(readings(" 4/12 ") == ["2027-04-12", "2026-12-04"])
        #expect(readings("12/25") == ["2026-12-25"])
        #expect(readings("5/5") == ["2027-05-05"])
        #expect(readings("4/12/2027") == ["2027-04-12", "2027-12-04"])
        #expect(readings("13/13") == [])
        for none in ["12-4", "12/4/27", "12/", "/4", "a/b", "123/4", "feb 20"] { #expect(readings(none) == nil, "\(none)") }
    }

    @Test func nearDaysAreTomorrowAndTheComingFriday() {
        let monday = HumanInput.nearDays(now: Self.morning("2026-11-02"), zone: Self.zone)
        #expect(monday.tomorrow.isoString == "2026-11-03" && monday.friday.isoString == "2026-11-06")
        let friday = HumanInput.nearDays(now: Self.morning("2026-11-06"), zone: Self.zone)
        #expect(friday.tomorrow.isoString == "2026-11-07" && friday.friday.isoString == "2026-11-13")
        #expect(HumanInput.monthAbbreviation(12) == "dec" && HumanInput.monthAbbreviation(1) == "jan")
    }
}
