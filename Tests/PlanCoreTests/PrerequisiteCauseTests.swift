import Testing
@testable import PlanCore

/// A task refused because what it comes after ends too late: the diagnostic
/// names that task and when it ends (what `plan add-task` then prints).
@Suite struct PrerequisiteCauseTests {
    @Test func theRefusalNamesThePrerequisiteAndItsEnd() {
        let zone = SystemZone.utc
        let now = zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 23), hour: 8))
        let policy = Policy(zone: zone)
        // Research cannot start before tomorrow; the draft is due tonight.
        let research = PlanTask(id: "research", title: "Research", estimate: 6 * 3600, due: now + 3 * 86_400,
                                start: now + 86_400)
        let other = PlanTask(id: "notes", title: "Notes", estimate: 3600, due: now + 3 * 86_400, after: ["research"])
        var draft = PlanTask(id: "draft", title: "Draft", estimate: 3 * 3600, due: now + 9 * 3600)
        draft.after = ["research", "notes"]
        let plan = TaskScheduler(policy: policy, now: now).plan(tasks: [research, other, draft], busy: [])
        let d = plan.diagnostics.first { $0.taskId == "draft" }
        #expect(d?.binding.contains(.after) == true)
        // Of the two it comes after, notes ends last (it comes after research itself).
        let notesEnd = plan.tasks.first { $0.id == "notes" }?.lastEnd
        #expect(d?.prerequisiteId == "notes" && d?.prerequisiteEnd == notesEnd && notesEnd != nil)
        // A refusal that `after` does not bind names nothing.
        let alone = TaskScheduler(policy: policy, now: now).plan(
            tasks: [PlanTask(id: "big", title: "Big", estimate: 20 * 3600, due: now + 9 * 3600)], busy: [])
        #expect(alone.diagnostics.first?.prerequisiteId == nil)
    }
}
