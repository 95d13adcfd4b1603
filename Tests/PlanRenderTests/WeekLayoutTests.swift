import PlanCore
import PlanRender
import Testing

/// The week's layout: lanes, trimmed rows, the weekend rule, DST days, colours and groups.
@Suite struct WeekLayoutTests {
    static let zone = SystemZone(identifier: "America/New_York")!

    static func item(_ day: LocalDate, _ start: (Int, Int), _ end: (Int, Int), _ title: String, group: String? = nil,
                     kind: WeekInput.Item.Kind = .event, allDay: Bool = false) -> WeekInput.Item {
        let s = zone.resolve(LocalDateTime(date: day, hour: start.0, minute: start.1))
        let e = zone.resolve(LocalDateTime(date: day, hour: end.0, minute: end.1))
        return WeekInput.Item(kind: kind, range: TimeRange(start: s, end: e), allDay: allDay, group: group, title: title, origin: "t", detail: title)
    }

    static let monday = LocalDate(year: 2026, month: 11, day: 16)

    static func layout(_ items: [WeekInput.Item], first: LocalDate = monday, colors: [String: String] = [:]) -> WeekLayout {
        WeekLayout(WeekInput(first: first, days: 7, zone: zone, items: items, colors: colors))
    }

    @Test func rowsRunFromTheFirstStartToTheLastEnd() {
        let l = Self.layout([Self.item(Self.monday, (9, 30), (10, 45), "A"), Self.item(Self.monday.adding(days: 2), (15, 0), (17, 10), "B")])
        #expect(l.hours == 9..<18)
        #expect(Self.layout([]).hours.isEmpty)
    }

    @Test func theWeekendShowsOnlyWhenUsed() {
        let weekdays = Self.layout([Self.item(Self.monday, (9, 0), (10, 0), "A")])
        #expect(weekdays.columns.map(\.date) == (0..<5).map { Self.monday.adding(days: $0) })
        let saturday = Self.layout([Self.item(Self.monday.adding(days: 5), (9, 0), (12, 0), "Exam")])
        #expect(saturday.columns.count == 6 && saturday.columns.last?.date == Self.monday.adding(days: 5))
        let allDaySunday = Self.layout([Self.item(Self.monday.adding(days: 6), (0, 0), (23, 0), "Trip", allDay: true)])
        #expect(allDaySunday.columns.count == 6 && allDaySunday.listed.map(\.title) == ["Trip"] && allDaySunday.blocks.isEmpty)
    }

    @Test func overlappingBlocksTakeLanes() {
        let d = Self.monday
        let l = Self.layout([Self.item(d, (10, 0), (11, 30), "A"), Self.item(d, (10, 30), (11, 0), "B"), Self.item(d, (11, 0), (12, 0), "C"),
                             Self.item(d, (13, 0), (14, 0), "D"), Self.item(d, (14, 0), (15, 0), "E")])
        let lanes = Dictionary(uniqueKeysWithValues: l.blocks.map { ($0.item.title, ($0.lane, $0.lanes)) })
        #expect(lanes["A"]! == (0, 2) && lanes["B"]! == (1, 2) && lanes["C"]! == (1, 2))
        #expect(lanes["D"]! == (0, 1) && lanes["E"]! == (0, 1))
    }

    @Test func anItemPastMidnightIsCutIntoDays() {
        let s = Self.zone.resolve(LocalDateTime(date: Self.monday, hour: 22))
        let item = WeekInput.Item(kind: .event, range: TimeRange(start: s, end: s + 4 * 3600), group: nil, title: "Late", origin: "t", detail: "x")
        let l = Self.layout([item])
        #expect(l.blocks.map { [$0.column, $0.startMinute, $0.endMinute] } == [[0, 1320, 1440], [1, 0, 120]])
        #expect(l.hours == 0..<24)
    }

    @Test func dstDaysSayWhichHoursAreMissingOrTwice() {
        let spring = Self.layout([Self.item(LocalDate(year: 2026, month: 3, day: 8), (1, 0), (1, 50), "A")], first: LocalDate(year: 2026, month: 3, day: 2))
        #expect(spring.columns.last?.missingHours == [2] && spring.columns.last?.repeatedHours == [])
        #expect(spring.columns.first?.missingHours == [])
        let fall = Self.layout([Self.item(LocalDate(year: 2026, month: 11, day: 1), (0, 0), (0, 50), "A")], first: LocalDate(year: 2026, month: 10, day: 26))
        #expect(fall.columns.last?.repeatedHours == [1] && fall.columns.last?.missingHours == [])
        // An event across the repeated hour keeps its wall-clock place: 00:30 to 02:30 is drawn 00:30–02:30.
        let d = LocalDate(year: 2026, month: 11, day: 1)
        let s = Self.zone.resolve(LocalDateTime(date: d, minute: 30))
        let across = WeekInput.Item(kind: .event, range: TimeRange(start: s, end: s + 3 * 3600), group: nil, title: "B", origin: "t", detail: "b")
        let b = Self.layout([across], first: LocalDate(year: 2026, month: 10, day: 26)).blocks
        #expect(b.map { [$0.startMinute, $0.endMinute] } == [[30, 150]])
    }

    @Test func coloursAreStableAndFollowTheProject() {
        let a = Self.layout([Self.item(Self.monday, (9, 0), (10, 0), "Lecture", group: "CS 201"),
                             Self.item(Self.monday, (11, 0), (12, 0), "Essay (1/2)", group: "CS201", kind: .sitting)])
        #expect(a.blocks[0].color == a.blocks[1].color)
        #expect(a.blocks[0].color == WeekColors.color(group: "cs 201", chosen: nil))
        // FNV-1a of "CS201", not a per-process hash: the same on every run.
        #expect(WeekColors.color(group: "CS201", chosen: nil) == "#e15759")
        let chosen = Self.layout([Self.item(Self.monday, (9, 0), (10, 0), "Lecture", group: "HIST 200")], colors: ["HIST200": "teal"])
        #expect(chosen.blocks[0].color == "#76b7b2")
        #expect(a.legend.map(\.group) == ["CS 201"] && a.legend[0].hasClasses && a.legend[0].hasSittings)
    }

    @Test(arguments: [("CMSC330 Lecture", "CMSC330", "Lecture"), ("CS 201 Data Structures (lecture)", "CS 201", "Data Structures (lecture)"),
                      ("MATH-221: Linear Algebra", "MATH-221", "Linear Algebra"), ("PHYS161L Lab", "PHYS161L", "Lab")])
    func courseCodesAtTheStartOfASummary(summary: String, code: String, rest: String) {
        #expect(WeekGroups.leadingCode(summary)?.code == code)
        #expect(WeekGroups.leadingCode(summary)?.rest == rest)
    }

    @Test func eventsWithoutACodeBelongToNoCourse() {
        #expect(WeekGroups.leadingCode("Club meeting") == nil)
        #expect(WeekGroups.leadingCode("Room 1234") == nil)
        #expect(WeekGroups.group(summary: "Office hours", categories: ["CLASS", "MATH 221"], known: []).group == "MATH 221")
        #expect(WeekGroups.group(summary: "Reading group", categories: ["Thesis"], known: ["THESIS"]).group == "Thesis")
    }

    @Test func theTextGridFitsItsWidth() {
        let d = Self.monday
        let l = Self.layout([Self.item(d, (10, 0), (10, 50), "Data Structures (lecture) with a long name", group: "CS 201"),
                             Self.item(d, (10, 0), (11, 0), "Another long thing", group: "MATH 221")])
        for width in [120, 80, 60, 40] {
            let text = WeekText.render(l, width: width)
            for line in text.split(separator: "\n") { #expect(line.count <= width, "\(width): \(line)") }
            #expect(text.contains("CS"))
        }
    }
}

/// Twelve courses in one week: twelve colours, the same on every run.
@Suite struct WeekColorTests {
    @Test func twelveCoursesTwelveColours() {
        let codes = ["CMSC131", "CMSC132", "CMSC216", "CMSC250", "CMSC330", "CMSC351", "MATH140", "MATH141", "MATH240", "HIST200", "CHEM110", "ENGL101"]
        let colors = WeekColors.distinct(codes, chosen: [:])
        #expect(Set(codes.compactMap { colors[$0] }).count == 12, "\(colors)")
        #expect(WeekColors.distinct(codes.reversed(), chosen: [:]) == colors)
        // A project's own colour is kept, and no other course takes it.
        let chosen = WeekColors.distinct(codes, chosen: [WeekGroups.key("MATH240"): "red"])
        #expect(chosen["MATH240"] == "#e15759")
        #expect(Set(codes.compactMap { chosen[$0] }).count == 12)
    }

    /// "Study this week" adds up the occurrences of a repeating task (tasks of one title,
    /// different ids) on one line, and keeps tasks of other titles apart.
    @Test func studyThisWeekAddsUpARepeatingTasksOccurrences() {
        func sitting(_ day: Int, _ hour: Int, _ id: String, _ title: String) -> WeekInput.Item {
            let d = WeekLayoutTests.monday.adding(days: day)
            let s = WeekLayoutTests.zone.resolve(LocalDateTime(date: d, hour: hour)), e = WeekLayoutTests.zone.resolve(LocalDateTime(date: d, hour: hour + 1))
            return WeekInput.Item(kind: .sitting, range: TimeRange(start: s, end: e), group: "HIST200", title: "\(title) (1/1)", origin: id, detail: "1/1")
        }
        let l = WeekLayoutTests.layout([sitting(0, 9, "reading-2026-11-17", "Reading"), sitting(2, 9, "reading-2026-11-19", "Reading"),
                             sitting(1, 9, "essay", "Essay")])
        let text = WeekText.render(l, width: 100, style: .plain)
        let lines = text.split(separator: "\n").drop { !$0.hasPrefix("Study this week") }.dropFirst().map(String.init)
        #expect(lines.count == 2, "\(text)")
        #expect(lines.first?.contains("Reading") == true && lines.first?.contains("2h on 2 days, at most 1h a day") == true, "\(lines)")
        #expect(lines.last?.contains("Essay") == true && lines.last?.contains("1h on 1 day") == true, "\(lines)")
    }
}
