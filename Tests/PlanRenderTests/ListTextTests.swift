import PlanCore
import PlanRender
import Testing

/// A task's study plan, `plan events` and `plan agenda` as text, from values built here.
@Suite struct ListTextTests {
    @Test func studyPlanSortsAndTotalsEachDay() {
        let sittings = [
            Sitting(taskId: "essay", range: Values.range(25, (9, 5), (10, 0)), index: 3, count: 3),
            Sitting(taskId: "essay", range: Values.range(24, (14, 0), (15, 30)), index: 2, count: 3),
            Sitting(taskId: "essay", range: Values.range(24, (9, 0), (10, 0)), index: 1, count: 3),
        ]
        #expect(StudyPlanText.render(sittings, title: "History essay", zone: Values.zone) == """
        Tue 2026-11-24  2h30m
          09:00–10:00  History essay (1/3)  1h
          14:00–15:30  History essay (2/3)  1h30m
        Wed 2026-11-25  55m
          09:05–10:00  History essay (3/3)  55m

        """)
    }

    @Test func eventsByDayWithMarksEdgesAndSources() {
        let lecture = Values.event("CS 201 Lecture", .utc(Values.at(24, 9)), .utc(Values.at(24, 10, 15)), status: "TENTATIVE")
        let holiday = Values.event("Reading day", .date(Values.day(25)), .date(Values.day(26)), transparent: true)
        let night = Values.event(nil, .utc(Values.at(25, 23)), .utc(Values.at(26, 1)), status: "CANCELLED", source: "night.ics")
        let window = TimeRange(start: Values.at(24, 0), end: Values.at(27, 0))
        #expect(EventsText.render([lecture, holiday, night], window: window, zone: Values.zone, withSource: false) == """
        Tue 2026-11-24
          09:00–10:15  CS 201 Lecture  [tentative]

        Wed 2026-11-25
          all day      Reading day  [free]
          23:00–…      (no title)  [cancelled]

        Thu 2026-11-26
          …    –01:00  (no title)  [cancelled]

        """)
        #expect(EventsText.render([lecture], window: window, zone: Values.zone, withSource: true)
            .contains("09:00–10:15  CS 201 Lecture  [tentative]  (classes.ics)\n"))
    }

    /// Each occurrence is listed under every local day it overlaps, in the order given:
    /// checked against every day filtering every occurrence (the way it was once
    /// computed) on random events: timed, floating and all-day, empty, across days and
    /// the changes of daylight saving time, and reaching out of the window.
    @Test func eventsByDayMatchesFilteringEveryDay() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let zone = Values.zone
        let base = Values.at(20, 0, month: 10)  // 2026-10-20: the window takes in the change of 2026-11-01
        for round in 0..<40 {
            let windowStart = base + Int64(next(20 * 24)) * 1800
            let window = TimeRange(start: windowStart, end: windowStart + Int64(1 + next(30 * 48)) * 1800)
            var occurrences: [Occurrence] = []
            for i in 0..<(1 + next(25)) {
                let start = base - 86_400 * 3 + Int64(next(50 * 48)) * 1800
                let length = Int64([0, 1, 2, 3, 48, 49, 150][next(7)]) * 1800
                let title = "e\(i)"
                switch next(3) {
                case 0:
                    occurrences.append(Values.event(title, .utc(start), .utc(start + length)))
                case 1:
                    let from = zone.local(start)
                    occurrences.append(Values.event(title, .floating(from), .floating(from.adding(seconds: length))))
                default:
                    let day = zone.local(start).date
                    occurrences.append(Values.event(title, .date(day), .date(day.adding(days: 1 + next(3)))))
                }
            }
            // The reference: every day of the window, every occurrence.
            var expected: [String] = []
            var day = zone.local(window.start).date
            while day <= zone.local(window.end - 1).date {
                let dayRange = TimeRange(start: zone.resolve(LocalDateTime(date: day)), end: zone.resolve(LocalDateTime(date: day.adding(days: 1))))
                let todays = occurrences.filter { $0.range(in: zone).overlaps(dayRange) && $0.range(in: zone).overlaps(window) }
                if !todays.isEmpty { expected.append(TimeText.day(day) + ": " + todays.map { $0.summary ?? "" }.joined(separator: " ")) }
                day = day.adding(days: 1)
            }
            // What was rendered: each heading with the titles listed under it.
            var rendered: [String] = []
            for block in EventsText.render(occurrences, window: window, zone: zone, withSource: false).split(separator: "\n\n") {
                let lines = block.split(separator: "\n")
                guard let heading = lines.first, !heading.hasPrefix("No events") else { continue }
                let titles = lines.dropFirst().map { $0.split(separator: " ").last.map(String.init) ?? "" }
                rendered.append(heading + ": " + titles.joined(separator: " "))
            }
            #expect(rendered == expected, "round \(round)")
        }
    }

    @Test func noEventsSaysBetweenWhat() {
        let window = TimeRange(start: Values.at(24, 0), end: Values.at(25, 12, 30))
        #expect(EventsText.render([], window: window, zone: Values.zone, withSource: false)
            == "No events between 2026-11-24 and 2026-11-25 12:30.\n")
    }

    static let agendaRows: [(range: TimeRange, item: AgendaItem)] = {
        let lecture = Values.event("CS 201 Lecture", .utc(Values.at(24, 9)), .utc(Values.at(24, 10, 15)), transparent: true)
        let sitting = Sitting(taskId: "essay", range: Values.range(24, (11, 0), (12, 30)), index: 1, count: 4)
        return [(lecture.range(in: Values.zone), .event(lecture)),
                (sitting.range, .sitting(sitting, title: "History essay", project: "HIST200", missed: false))]
    }()

    @Test func agendaMergesEventsAndWorkAndNamesFreeDays() {
        let range = TimeRange(start: Values.at(24, 0), end: Values.at(26, 0))
        #expect(AgendaText.render(Self.agendaRows, range: range, zone: Values.zone) == """
        Tue 2026-11-24
          09:00–10:15  CS 201 Lecture [free]
          11:00–12:30  ▸ HIST200: History essay (1/4)
          work planned: 1h30m
        Wed 2026-11-25
          free

        """)
    }

    /// On a terminal the same text carries ANSI marks: bold days, green work, dim notes.
    @Test func agendaStyledForATerminal() {
        let range = TimeRange(start: Values.at(25, 0), end: Values.at(26, 0))
        #expect(AgendaText.render([], range: range, zone: Values.zone, style: TextStyle(ansi: true))
            == "\u{1B}[1mWed 2026-11-25\u{1B}[0m\n\u{1B}[2m  free\u{1B}[0m\n")
        #expect(TextStyle.plain.green("x") == "x" && TextStyle(ansi: true).green("x") == "\u{1B}[32mx\u{1B}[0m")
    }
}
