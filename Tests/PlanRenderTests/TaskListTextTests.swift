import PlanCore
import PlanRender
import Testing

/// `plan tasks` and `plan task show` in words, from values built here.
@Suite struct TaskListTextTests {
    static let essay: TaskDefinition = {
        var essay = TaskDefinition(id: "essay", title: "History essay", estimate: 6 * 3600, due: .date(Values.day(27)))
        (essay.project, essay.notes, essay.after) = ("HIST200", "draft first", ["reading"])
        return essay
    }()

    static func row(_ state: TaskRow.State, next: Sitting? = nil, slack: Int64? = nil, sittings: [Sitting] = []) -> TaskRow {
        TaskRow(task: essay, state: state, estimate: 6 * 3600, done: 90 * 60, sittings: sittings, next: next,
                slack: slack, due: Values.at(28, 0))
    }

    @Test func aTableUnderAHeaderSortedByDueWithUnscheduledInRed() {
        let sitting = Sitting(taskId: "essay", range: Values.range(25, (9, 0), (10, 30)), index: 1, count: 3)
        var soon = TaskDefinition(id: "quiz", title: "Quiz 📚", estimate: 3600, due: .date(Values.day(24)))
        soon.project = nil
        let quiz = TaskRow(task: soon, state: .unscheduled, estimate: 3600, done: 0, sittings: [], next: nil, slack: nil, due: Values.at(25, 0))
        let plain = TaskListText.list([Self.row(.scheduled, next: sitting, slack: 3 * 86_400 + 7200), quiz], zone: Values.zone, style: .plain)
        // The one due first first; columns aligned by terminal cells (📚 takes two); slack in days and hours.
        #expect(plain == """
            TASK   TITLE          PROJECT  STATE        DONE      NEXT                  SPREAD  SLACK  DUE
            quiz   Quiz 📚        -        unscheduled  0m/1h     -                     -       -      Tue 2026-11-24 24:00
            essay  History essay  HIST200  scheduled    1h30m/6h  Wed 2026-11-25 09:00  -       3d 2h  Fri 2026-11-27 24:00

            """)
        let red = TaskListText.list([Self.row(.unscheduled)], zone: Values.zone, style: TextStyle(ansi: true))
        #expect(red.split(separator: "\n")[1].hasPrefix("\u{1B}[31messay  History essay") && red.hasSuffix("\u{1B}[0m\n"), "\(red)")
        #expect(TaskListText.list([], zone: Values.zone, style: .plain) == "No tasks yet. Add one with `plan add-task`.\n")
    }

    /// The spread: the sittings from the next one on, by local day (the past one is left out).
    @Test func theLineSaysHowTheWorkSpreadsOverTheDays() {
        let past = Sitting(taskId: "essay", range: Values.range(24, (9, 0), (11, 0)), index: 1, count: 4)
        let next = Sitting(taskId: "essay", range: Values.range(25, (9, 0), (10, 30)), index: 2, count: 4)
        let sittings = [past, next,
                        Sitting(taskId: "essay", range: Values.range(25, (14, 0), (15, 0)), index: 3, count: 4),
                        Sitting(taskId: "essay", range: Values.range(26, (9, 0), (10, 0)), index: 4, count: 4)]
        let line = TaskListText.list([Self.row(.scheduled, next: next, slack: 7200, sittings: sittings)], zone: Values.zone, style: .plain)
        #expect(line.contains("  Wed 2026-11-25 09:00  3h30m on 2 days, at most 2h30m a day  2h  "), "\(line)")
    }

    @Test func detailListsFieldsThenSittings() {
        let sittings = [Sitting(taskId: "essay", range: Values.range(25, (9, 0), (10, 30)), index: 1, count: 1)]
        let text = TaskListText.detail(Self.row(.scheduled, slack: 3600, sittings: sittings), zone: Values.zone)
        let head = "History essay (essay) — HIST200\n  state     scheduled\n  progress  1h30m recorded of 6h, 4h30m left\n"
            + "  due       Fri 2026-11-27 24:00\n  slack     1h\n  after     reading\n  notes     draft first\n\n"
        #expect(text.hasPrefix(head))
        #expect(text.dropFirst(head.count) == StudyPlanText.render(sittings, title: "History essay", zone: Values.zone))
    }
}
