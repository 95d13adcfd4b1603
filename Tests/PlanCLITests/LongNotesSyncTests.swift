import Foundation
import Testing

/// A phone that gives plan's events long notes makes the server's answers
/// large: two events of 6 MB of notes each in one multiget is a 12 MB answer, over
/// the 10 MB libxml2 reads when given a document at once. Against real
/// Radicale, `plan sync` reads such answers (to the documented 50 MB) and
/// keeps the notes; it once exited 73 "not well-formed XML" on every sync
/// after. Says plainly when it skipped.
@Suite(.serialized) struct LongNotesSyncTests {
    @Test func twoEventsWithSixMegabytesOfNotesEachSyncAndKeepTheirNotes() throws {
        guard let s = try CalDAVTests.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        let task = try s.plan(["add-task", "Essay", "--estimate", "3h", "--span", "1h", "--due", "2026-11-27",
                               "--earliest", "08:00", "--latest", "18:00", "--placement", "early"])
        #expect(task.status == 0, "\(task.stderr)")
        #expect(try s.plan(["sync"]).status == 0)
        let before = try PhoneEditTests.events(s)
        try #require(before.count == 3, "\(before)")

        // On the phone: the first two sittings get 6 MB of notes each.
        _ = try s.python("""
            notes = ('outline, sources and quotes for the essay ' * 142_858).rstrip()
            for e, c in events('study/'):
                if str(c.get('UID')) not in args: continue
                whole = icalendar.Calendar.from_ical(e.data)
                for v in whole.walk('VEVENT'):
                    v['DESCRIPTION'] = notes
                e.data = whole.to_ical().decode(); e.save()
            """, [before[0].uid, before[1].uid])

        let first = try s.plan(["sync"])
        #expect(first.status == 0, "\(first.status) \(first.stderr.prefix(400))")
        let second = try s.plan(["sync"])
        #expect(second.status == 0, "\(second.status) \(second.stderr.prefix(400))")
        // The notes are still on the phone, whole, and the events are still plan's three.
        let lengths = try s.python("""
            rows = []
            for e, c in events('study/'):
                if c.get('X-PLAN-TASK-ID'): rows.append(len(str(c.get('DESCRIPTION', ''))))
            print(' '.join(str(n) for n in sorted(rows)))
            """)
        let sizes = lengths.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(sizes.count == 3, "\(lengths)")
        // 42 characters 142,858 times, less the last space: every character the phone wrote.
        #expect(sizes.filter { $0 == 42 * 142_858 - 1 }.count == 2, "\(lengths)")
    }
}
