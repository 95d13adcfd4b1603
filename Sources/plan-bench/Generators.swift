import PlanCore

/// SplitMix64: the same seed, the same data.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// A university year of iCalendar data, as a registrar's export or a student's
/// calendar app would write it: three terms of weekly classes (BYDAY, UNTIL,
/// EXDATE on holidays), moved and cancelled single classes (RECURRENCE-ID),
/// one-off events (zoned, UTC, floating, all-day), a few other rules (DAILY
/// with COUNT, MONTHLY BYDAY, YEARLY), three VTIMEZONEs (two IANA names and
/// one private TZID) and long folded DESCRIPTIONs.
///
/// `events` is the exact number of VEVENTs written (overrides included).
struct SemesterCalendar {
    /// The year the calendar covers (the benchmark window is this year).
    static let year = 2027

    struct Term {
        var first: LocalDate
        var last: LocalDate
        var holidays: [LocalDate]
    }

    static let terms: [Term] = [
        Term(first: LocalDate(year: year, month: 1, day: 18), last: LocalDate(year: year, month: 5, day: 7),
             holidays: [LocalDate(year: year, month: 1, day: 18)] + (15...19).map { LocalDate(year: year, month: 3, day: $0) }),
        Term(first: LocalDate(year: year, month: 5, day: 24), last: LocalDate(year: year, month: 8, day: 6),
             holidays: [LocalDate(year: year, month: 5, day: 31), LocalDate(year: year, month: 7, day: 5)]),
        Term(first: LocalDate(year: year, month: 8, day: 30), last: LocalDate(year: year, month: 12, day: 10),
             holidays: [LocalDate(year: year, month: 9, day: 6), LocalDate(year: year, month: 10, day: 11)]
                 + (24...26).map { LocalDate(year: year, month: 11, day: $0) }),
    ]

    static let weekdays = ["MO", "TU", "WE", "TH", "FR"]
    static let courses = ["CS", "MATH", "HIST", "BIO", "CHEM", "ECON", "PHYS", "ENGL", "PSYC", "ART"]

    static func generate(events count: Int, seed: UInt64) -> [UInt8] {
        var g = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 11)
        var out = ""
        out.reserveCapacity(count * 420 + 4096)
        func line(_ s: String) { out += s + "\r\n" }
        /// Folds at 75 octets (ASCII text here) as RFC 5545 §3.1 asks.
        func folded(_ s: String) {
            var rest = Substring(s)
            var first = true
            while !rest.isEmpty {
                let take = first ? 75 : 74
                out += (first ? "" : " ") + rest.prefix(take) + "\r\n"
                rest = rest.dropFirst(take)
                first = false
            }
        }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//plan//plan-bench semester generator//EN")
        line("CALSCALE:GREGORIAN")
        line("X-WR-CALNAME:Registrar export \(year)")
        out += vtimezones
        let zones = ["America/New_York", "America/New_York", "America/New_York", "America/New_York", "America/New_York",
                     "America/New_York", "America/New_York", "Europe/Berlin", "Campus Eastern", "Campus Eastern"]
        var written = 0
        var serial = 0
        func dtstamp() -> String { "DTSTAMP:\(year - 1)1215T120000Z" }
        func local(_ d: LocalDate, _ minutes: Int) -> String { Self.stamp(d, minutes) }
        func description(_ words: Int) {
            let vocabulary = ["lecture", "bring", "notes", "chapter", "problem", "set", "lab", "room", "quiz", "reading",
                              "review", "section", "office", "hours", "project", "group", "slides", "online", "draft", "due"]
            var text = "DESCRIPTION:"
            for k in 0..<words { text += (k == 0 ? "" : " ") + g.pick(vocabulary) }
            text += "\\, see the course page\\; questions by mail."
            folded(text)
        }
        while written < count {
            serial += 1
            let roll = g.int(0...99)
            let left = count - written
            if roll < 62 {
                // A weekly class in one term, possibly with moved/cancelled instances.
                let term = g.pick(terms)
                let tzid = g.pick(zones)
                let course = "\(g.pick(courses)) \(g.int(100...499))"
                var days = Set<Int>()
                let n = g.int(1...3)
                while days.count < n { days.insert(g.int(0...4)) }
                let byday = days.sorted()
                // The first class: the first listed weekday on or after the term start.
                let firstWeekday = term.first.isoWeekday - 1  // 0 = Monday
                let offset = (byday[0] - firstWeekday + 7) % 7
                let firstDay = term.first.adding(days: offset)
                let startMinute = g.int(16...38) * 30  // 08:00 … 19:00
                let length = g.pick([50, 75, 80, 110, 170])
                let uid = "class-\(serial)-\(seed)@bench.example.edu"
                let instances = classDays(from: firstDay, until: term.last, byday: byday)
                line("BEGIN:VEVENT")
                line("UID:\(uid)")
                line(dtstamp())
                line("SUMMARY:\(course) (\(g.pick(["lecture", "seminar", "lab", "recitation"])))")
                line("LOCATION:\(g.pick(["Engineering Hall", "Science Center", "Library", "Arts Building"])) \(g.int(100...450))")
                if g.chance(60) { description(g.int(8...30)) }
                line("CATEGORIES:CLASS,\(course)")
                line("DTSTART;TZID=\(tzid):\(local(firstDay, startMinute))")
                line("DTEND;TZID=\(tzid):\(local(firstDay, startMinute + length))")
                line("RRULE:FREQ=WEEKLY;BYDAY=\(byday.map { weekdays[$0] }.joined(separator: ","));UNTIL=\(compact(term.last))T235959Z")
                let off = instances.filter { term.holidays.contains($0) }
                if !off.isEmpty {
                    line("EXDATE;TZID=\(tzid):" + off.map { local($0, startMinute) }.joined(separator: ","))
                }
                line("END:VEVENT")
                written += 1
                let remaining = instances.filter { !term.holidays.contains($0) }
                if g.chance(35), !remaining.isEmpty {
                    var used = Set<LocalDate>()
                    for _ in 0..<min(g.int(1...2), count - written) {
                        let day = g.pick(remaining)
                        if !used.insert(day).inserted { continue }
                        line("BEGIN:VEVENT")
                        line("UID:\(uid)")
                        line(dtstamp())
                        line("SEQUENCE:1")
                        line("RECURRENCE-ID;TZID=\(tzid):\(local(day, startMinute))")
                        if g.chance(30) {
                            line("SUMMARY:\(course) (cancelled)")
                            line("STATUS:CANCELLED")
                            line("DTSTART;TZID=\(tzid):\(local(day, startMinute))")
                            line("DTEND;TZID=\(tzid):\(local(day, startMinute + length))")
                        } else {
                            let moved = day.adding(days: g.int(0...2))
                            let at = g.int(16...38) * 30
                            line("SUMMARY:\(course) (moved)")
                            line("LOCATION:Room change \(g.int(1...99))")
                            line("DTSTART;TZID=\(tzid):\(local(moved, at))")
                            line("DTEND;TZID=\(tzid):\(local(moved, at + length))")
                        }
                        line("END:VEVENT")
                        written += 1
                    }
                }
            } else if roll < 94 || left < 2 {
                // A one-off event anywhere in the year.
                let day = LocalDate(year: year, month: 1, day: 1).adding(days: g.int(0...364))
                line("BEGIN:VEVENT")
                line("UID:event-\(serial)-\(seed)@bench.example.edu")
                line(dtstamp())
                line("SUMMARY:\(g.pick(["Office hours", "Study group", "Dentist", "Career fair", "Exam", "Club meeting", "Shift"])) \(serial)")
                let kind = g.int(0...99)
                if kind < 60 {
                    let tzid = g.pick(zones)
                    let at = g.int(14...44) * 30
                    line("DTSTART;TZID=\(tzid):\(local(day, at))")
                    line("DTEND;TZID=\(tzid):\(local(day, at + g.pick([30, 60, 90, 120])))")
                } else if kind < 80 {
                    let at = g.int(0...47) * 30
                    line("DTSTART:\(local(day, at))Z")
                    line("DURATION:PT\(g.pick([1, 2, 3]))H")
                } else if kind < 95 {
                    line("DTSTART;VALUE=DATE:\(compact(day))")
                    line("DTEND;VALUE=DATE:\(compact(day.adding(days: g.int(1...3))))")
                    if g.chance(50) { line("TRANSP:TRANSPARENT") }
                } else {
                    let at = g.int(16...40) * 30
                    line("DTSTART:\(local(day, at))")
                    line("DTEND:\(local(day, at + 60))")
                }
                if g.chance(10) { line("STATUS:TENTATIVE") }
                if g.chance(25) { description(g.int(5...20)) }
                line("END:VEVENT")
                written += 1
            } else {
                // Other rules: an exam week, a monthly club, a yearly birthday.
                let tzid = g.pick(zones)
                line("BEGIN:VEVENT")
                line("UID:rule-\(serial)-\(seed)@bench.example.edu")
                line(dtstamp())
                let kind = g.int(0...2)
                if kind == 0 {
                    let term = g.pick(terms)
                    let day = term.last.adding(days: 3)
                    let at = g.int(16...34) * 30
                    line("SUMMARY:Exam week block")
                    line("DTSTART;TZID=\(tzid):\(local(day, at))")
                    line("DTEND;TZID=\(tzid):\(local(day, at + 120))")
                    line("RRULE:FREQ=DAILY;COUNT=\(g.int(4...8))")
                } else if kind == 1 {
                    let day = LocalDate(year: year - 1, month: g.int(9...12), day: 1)
                    let at = g.int(34...40) * 30
                    line("SUMMARY:Club meeting")
                    line("DTSTART;TZID=\(tzid):\(local(day, at))")
                    line("DTEND;TZID=\(tzid):\(local(day, at + 90))")
                    line("RRULE:FREQ=MONTHLY;BYDAY=\(g.int(1...3))\(g.pick(weekdays))")
                } else {
                    let day = LocalDate(year: year - g.int(18...25), month: g.int(1...12), day: g.int(1...28))
                    line("SUMMARY:Birthday")
                    line("DTSTART;VALUE=DATE:\(compact(day))")
                    line("RRULE:FREQ=YEARLY")
                    line("TRANSP:TRANSPARENT")
                }
                line("END:VEVENT")
                written += 1
            }
        }
        line("END:VCALENDAR")
        return Array(out.utf8)
    }

    /// The days of `byday` (0 = Monday) from `first` through `last`.
    static func classDays(from first: LocalDate, until last: LocalDate, byday: [Int]) -> [LocalDate] {
        var out: [LocalDate] = []
        var d = first
        while d <= last {
            if byday.contains(d.isoWeekday - 1) { out.append(d) }
            d = d.adding(days: 1)
        }
        return out
    }

    /// `YYYYMMDDTHHMMSS` for `minutes` after the start of `d` (past midnight is the next day).
    static func stamp(_ d: LocalDate, _ minutes: Int) -> String {
        let l = LocalDateTime(date: d).adding(seconds: Int64(minutes) * 60)
        return compact(l.date) + "T" + two(l.hour) + two(l.minute) + "00"
    }

    static func compact(_ d: LocalDate) -> String { String(d.year) + two(d.month) + two(d.day) }
    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

    /// New York and Berlin as their own VTIMEZONEs (the system zone wins for
    /// these names), and one private TZID only the file defines.
    static let vtimezones = [
        vtimezone("America/New_York", std: "-0500", dst: "-0400", stdName: "EST", dstName: "EDT",
                  dstRule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", dstStart: "19700308T020000",
                  stdRule: "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", stdStart: "19701101T020000"),
        vtimezone("Europe/Berlin", std: "+0100", dst: "+0200", stdName: "CET", dstName: "CEST",
                  dstRule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", dstStart: "19700329T020000",
                  stdRule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", stdStart: "19701025T030000"),
        vtimezone("Campus Eastern", std: "-0500", dst: "-0400", stdName: "EST", dstName: "EDT",
                  dstRule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", dstStart: "19700308T020000",
                  stdRule: "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", stdStart: "19701101T020000"),
    ].joined()

    static func vtimezone(_ tzid: String, std: String, dst: String, stdName: String, dstName: String,
                          dstRule: String, dstStart: String, stdRule: String, stdStart: String) -> String {
        [
            "BEGIN:VTIMEZONE", "TZID:\(tzid)",
            "BEGIN:DAYLIGHT", "TZOFFSETFROM:\(std)", "TZOFFSETTO:\(dst)", "TZNAME:\(dstName)",
            "DTSTART:\(dstStart)", "RRULE:\(dstRule)", "END:DAYLIGHT",
            "BEGIN:STANDARD", "TZOFFSETFROM:\(dst)", "TZOFFSETTO:\(std)", "TZNAME:\(stdName)",
            "DTSTART:\(stdStart)", "RRULE:\(stdRule)", "END:STANDARD",
            "END:VTIMEZONE",
        ].map { $0 + "\r\n" }.joined()
    }
}

extension SemesterCalendar {
    /// A student's own calendar after some years of use: this year's weekly
    /// classes (with holidays and moved classes) and `events` VEVENTs in all,
    /// the rest one-off events spread over 2020–2027, most of them past.
    static func personal(events count: Int, seed: UInt64) -> [UInt8] {
        var g = SeededRandom(seed: seed &+ 0x5EED)
        var out = ""
        out.reserveCapacity(count * 400 + 4096)
        func line(_ s: String) { out += s + "\r\n" }
        func local(_ d: LocalDate, _ minutes: Int) -> String { Self.stamp(d, minutes) }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//plan//plan-bench personal calendar//EN")
        out += vtimezones
        var written = 0
        let tzid = "America/New_York"
        // Spring and fall classes: 5 courses a term, 2–3 meetings a week.
        for term in [terms[0], terms[2]] {
            for c in 0..<5 where written < count {
                let byday = c % 2 == 0 ? [0, 2, 4] : [1, 3]
                let first = term.first.adding(days: byday[0])
                let at = (9 + 2 * c) * 60
                let uid = "course-\(term.first.month)-\(c)@personal.example"
                line("BEGIN:VEVENT")
                line("UID:\(uid)")
                line("DTSTAMP:\(year - 1)1215T120000Z")
                line("SUMMARY:\(courses[c]) \(100 + 10 * c)")
                line("DTSTART;TZID=\(tzid):\(local(first, at))")
                line("DTEND;TZID=\(tzid):\(local(first, at + 75))")
                line("RRULE:FREQ=WEEKLY;BYDAY=\(byday.map { weekdays[$0] }.joined(separator: ","));UNTIL=\(compact(term.last))T235959Z")
                let days = classDays(from: first, until: term.last, byday: byday)
                let off = days.filter { term.holidays.contains($0) }
                if !off.isEmpty { line("EXDATE;TZID=\(tzid):" + off.map { local($0, at) }.joined(separator: ",")) }
                line("END:VEVENT")
                written += 1
                if written < count, let moved = days.dropFirst(3).first {
                    line("BEGIN:VEVENT")
                    line("UID:\(uid)")
                    line("DTSTAMP:\(year - 1)1215T120000Z")
                    line("RECURRENCE-ID;TZID=\(tzid):\(local(moved, at))")
                    line("SUMMARY:\(courses[c]) \(100 + 10 * c) (moved)")
                    line("DTSTART;TZID=\(tzid):\(local(moved, at + 240))")
                    line("DTEND;TZID=\(tzid):\(local(moved, at + 315))")
                    line("END:VEVENT")
                    written += 1
                }
            }
        }
        let firstDay = LocalDate(year: 2020, month: 1, day: 1)
        let span = Int(LocalDate(year: year + 1, month: 1, day: 1).daysSinceEpoch - firstDay.daysSinceEpoch)
        var k = 0
        while written < count {
            k += 1
            let day = firstDay.adding(days: g.int(0...(span - 1)))
            let at = g.int(16...40) * 30
            line("BEGIN:VEVENT")
            line("UID:personal-\(k)-\(seed)@personal.example")
            line("DTSTAMP:\(day.year)0101T000000Z")
            line("SUMMARY:\(g.pick(["Lunch with Sam", "Gym", "Dentist", "Call home", "Study group", "Shift at the library", "Concert"]))")
            if g.chance(10) {
                line("DTSTART;VALUE=DATE:\(compact(day))")
                line("DTEND;VALUE=DATE:\(compact(day.adding(days: 1)))")
            } else {
                line("DTSTART;TZID=\(tzid):\(local(day, at))")
                line("DTEND;TZID=\(tzid):\(local(day, at + g.pick([30, 60, 90, 120])))")
            }
            if g.chance(20) { line("LOCATION:\(g.pick(["Downtown", "Campus center", "Home"]))") }
            line("END:VEVENT")
            written += 1
        }
        line("END:VCALENDAR")
        return Array(out.utf8)
    }
}
