import PlanCore
import PlanRender
import Testing

/// A plan and its diagnostics as text, from values built here.
@Suite struct PlanTextTests {
    static let labDiagnostic = Diagnostic(taskId: "lab", needed: 30 * 3600, available: 7 * 3600 + 35 * 60,
                                          binding: [.window, .busy], fixes: [.due(Values.at(4, 11, 40, month: 12))])

    @Test func daysThenTasksThenWhatDoesNotFit() {
        let sittings = [
            Sitting(taskId: "essay", range: Values.range(24, (9, 0), (10, 30)), index: 1, count: 2),
            Sitting(taskId: "essay", range: Values.range(25, (14, 0), (15, 0)), index: 2, count: 2),
        ]
        let tasks = [
            TaskOutcome(id: "essay", title: "History essay", status: .scheduled, needed: 9000, scheduled: 9000,
                        firstStart: Values.at(24, 9), lastEnd: Values.at(25, 15), slack: 7200, due: Values.at(25, 17), rank: 0),
            TaskOutcome(id: "lab", title: "Lab report", status: .unschedulable, needed: 30 * 3600, scheduled: 0,
                        firstStart: nil, lastEnd: nil, slack: nil, due: Values.at(27, 17), rank: 1),
            TaskOutcome(id: "reading", title: "Reading", status: .done, needed: 0, scheduled: 0,
                        firstStart: nil, lastEnd: nil, slack: nil, due: Values.at(27, 17), rank: 2),
        ]
        let plan = Plan(sittings: sittings, tasks: tasks, diagnostics: [Self.labDiagnostic])
        #expect(plan.text(zone: Values.zone) == """
        Tue 2026-11-24  1h30m
          09:00–10:30  History essay (1/2)

        Wed 2026-11-25  1h
          14:00–15:00  History essay (2/2)

        Tasks
          History essay  2h30m in 2 sittings, done by Wed 2026-11-25 15:00, 2h before due
          Lab report     does not fit (30h needed)
          Reading        already done
          Total: 2h30m in 2 sittings; 1 scheduled, 1 not fitting, 1 done

        Does not fit: Lab report (lab)
          Needs 30h, but only 7h35m fits by Fri 2026-11-27 17:00 (short by 22h25m).
          Limited by: the daily window (--earliest/--latest, --day-start/--day-end), calendar events.
          Any one of these changes would make it fit:
            - move due to Fri 2026-12-04 11:40

        """)
    }

    /// The section `add-task` prints for a task that does not fit is the
    /// plan's section, word for word, without the blank line before it.
    @Test func aDiagnosticAloneIsThePlansSection() {
        let alone = Self.labDiagnostic.text(title: "Lab report", due: Values.at(27, 17), zone: Values.zone)
        let outcome = TaskOutcome(id: "lab", title: "Lab report", status: .unschedulable, needed: 30 * 3600, scheduled: 0,
                                  firstStart: nil, lastEnd: nil, slack: nil, due: Values.at(27, 17), rank: 0)
        let plan = Plan(sittings: [], tasks: [outcome], diagnostics: [Self.labDiagnostic]).text(zone: Values.zone)
        #expect(alone.hasPrefix("Does not fit: Lab report (lab)\n"))
        #expect(plan.hasSuffix("\n\n" + alone))
    }

    /// A fix that crowds a day past what a re-made plan would hold says what day it makes; one within
    /// the bound (1.25× + 15 min) says nothing more.
    @Test func aFixThatCrowdsADaySaysWhichDay() {
        var d = Diagnostic(taskId: "lab", needed: 7200, available: 3600, binding: [.due],
                           fixes: [.due(Values.at(28, 19, 5)), .span(3 * 3600)])
        d.fixDays[.due(Values.at(28, 19, 5))] = FixDay(day: Values.day(28), work: 530 * 60, least: 240 * 60)
        d.fixDays[.span(3 * 3600)] = FixDay(day: Values.day(26), work: 315 * 60, least: 240 * 60)
        let text = d.changesText(zone: Values.zone)
        #expect(text.contains("move due to Sat 2026-11-28 19:05; but that makes a day of 8h50m (Sat 2026-11-28): with --replan the busiest is 4h"),
                "\(text)")
        #expect(text.contains("allow sittings up to 3h (--span)\n") || text.hasSuffix("allow sittings up to 3h (--span)"), "\(text)")
        #expect(FixDay(day: Values.day(26), work: 315 * 60, least: 240 * 60).crowded == false, "5h15m is 1.25 × 4h + 15m")
        #expect(FixDay(day: Values.day(26), work: 320 * 60, least: 240 * 60).crowded)
    }

    @Test func nothingFitsAndNoChangeHelps() {
        let d = Diagnostic(taskId: "pset", needed: 7200, available: 0, binding: [], fixes: [])
        #expect(d.text(title: "Problem set", due: nil, zone: Values.zone) == """
        Does not fit: Problem set (pset)
          Needs 2h, but none of it fits (short by 2h).
          No single change to the task alone makes it fit.

        """)
        #expect(d.changesText(zone: Values.zone) == "No single change to the task alone makes it fit.")
    }

    /// A due fix with a date that keeps the margin reads as two changes, the margin's first.
    @Test func theDueThatKeepsTheMarginComesFirst() {
        var d = Diagnostic(taskId: "lab", needed: 7200, available: 3600, binding: [.due],
                           fixes: [.due(Values.at(27, 17)), .span(9000)])
        d.marginDue = Values.at(28, 17)
        #expect(d.changesText(zone: Values.zone) == """
        Any one of these would make it fit:
          - move due to Sat 2026-11-28 17:00 (keeps the --finish-early margin)
          - or, at the tightest, move due to Fri 2026-11-27 17:00 (finishing just in time)
          - allow sittings up to 2h30m (--span)
        """)
    }

    @Test func theChangesAloneForARefusedEdit() {
        let d = Diagnostic(taskId: "lab", needed: 7200, available: 3600, binding: [.span],
                           fixes: [.span(9000), .earliest(TimeOfDay(hour: 7))])
        #expect(d.changesText(zone: Values.zone) == """
        Any one of these would make it fit:
          - allow sittings up to 2h30m (--span)
          - set earliest to 07:00
        """)
    }

    /// A deadline at midnight reads as 24:00 of the day before; a start as its day and clock.
    @Test func reasonsNameDaysAndDeadlines() {
        let s = Values.range(25, (14, 0), (15, 0))
        #expect(RefitReason.afterDue(sitting: s, due: Values.at(26, 0)).phrase(Values.zone) == "due moved to Wed 2026-11-25 24:00")
        #expect(RefitReason.afterDue(sitting: s, due: Values.at(26, 9)).phrase(Values.zone) == "due moved to Thu 2026-11-26 09:00")
        #expect(RefitReason.beforeStart(sitting: s, start: Values.at(26, 8, 5)).phrase(Values.zone)
            == "start moved to Thu 2026-11-26 08:05")
        #expect(RefitReason.dayOff(sitting: s).phrase(Values.zone) == "policy changed: Wed is not a working day")
    }
}
