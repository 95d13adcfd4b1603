import Foundation
import Testing

/// Issue 46, "a sync that heals": `plan sync` to a real Radicale, some of it
/// through the tests' fault proxy (`Servers/fault-proxy.py`: a PUT whose
/// answer is dropped, an empty listing, hrefs rewritten to another
/// collection), and the phone's side written with the Python `caldav`
/// client or a plain PUT. Whatever went wrong before, the next sync ends
/// with the server holding exactly plan's events: none it wrote and forgot,
/// none twice, none pinned that the phone never moved.
@Suite(.serialized) struct HealingSyncTests {
    /// Radicale with the fault proxy in front of it; plan syncs through the proxy, the phone talks to Radicale.
    struct Rig {
        let s: CalDAVTests.Setup
        let proxy: LocalDAVServer
        let modeFile: String
        /// The collection plan syncs to, through the proxy.
        var target: String { "http://127.0.0.1:\(proxy.port)/student/study/" }

        func set(_ mode: String) throws { try mode.write(toFile: modeFile, atomically: true, encoding: .utf8) }

        /// The events of plan (those with `X-PLAN-TASK-ID`) on the server: `uid|task|start|end`, sorted.
        func planEvents() throws -> [String] { try s.serverEvents("study/").filter { $0.split(separator: "|", omittingEmptySubsequences: false)[1] != "" } }

        /// The store's sittings: `task|start|end`, sorted.
        func sittings() throws -> [String] { try s.storedSittings().filter { !$0.isEmpty }.sorted() }

        /// The server holds one event per sitting, at its time, each UID once, and the store records each of them.
        func expectExactlyPlansEvents(_ moment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let events = try planEvents()
            let uids = events.map { String($0.split(separator: "|")[0]) }
            #expect(events.map { $0.split(separator: "|").dropFirst().joined(separator: "|") }.sorted() == (try sittings()),
                    "\(moment): the server holds \(events)", sourceLocation: sourceLocation)
            #expect(Set(uids).count == uids.count, "\(moment): a UID twice in \(uids)", sourceLocation: sourceLocation)
            let recorded = try s.scratch.sqlite("SELECT uid FROM sync_resources ORDER BY uid").split(separator: "\n").map(String.init)
            #expect(recorded == uids.sorted(), "\(moment): the store records \(recorded)", sourceLocation: sourceLocation)
        }
    }

    static func rig() throws -> Rig? {
        guard let s = try CalDAVTests.setUp("radicale") else { return nil }
        let modeFile = s.scratch.dir.appendingPathComponent("mode").path
        let (proxied, why) = try LocalDAVServer.startScript("fault-proxy.py", ["http://127.0.0.1:\(s.server.port)", "{port}", modeFile])
        guard let proxy = proxied else {
            print("skipped: \(why)")
            s.server.stop()
            return nil
        }
        let rig = Rig(s: s, proxy: proxy, modeFile: modeFile)
        let target = try s.plan(["calendar", "target", rig.target, "--create"])
        #expect(target.status == 0, "\(target.stderr)")
        return rig
    }

    static func stop(_ rig: Rig) {
        rig.proxy.stop()
        rig.s.server.stop()
        try? FileManager.default.removeItem(at: rig.s.scratch.dir)
    }

    static func addTask(_ rig: Rig, _ title: String, estimate: String = "2h") throws {
        let r = try rig.s.plan(["add-task", title, "--estimate", estimate, "--span", "1h", "--due", "2026-11-27",
                                "--earliest", "08:00", "--latest", "18:00", "--placement", "early"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Killed after the server took its PUTs, before the store recorded them (the record taken out
    /// by hand, as such a kill leaves it), then the task finished: the next sync deletes the events
    /// plan wrote and no longer tracks, takes over the one a sitting still has, and says so.
    @Test func eventsPlanWroteButDidNotRecordAreTakenOverOrDeleted() throws {
        guard let rig = try Self.rig() else { return }
        defer { Self.stop(rig) }
        try Self.addTask(rig, "Essay")
        try Self.addTask(rig, "Reading")
        let first = try rig.s.plan(["sync"])
        #expect(first.status == 0, "\(first.stderr)")
        try #require(try rig.planEvents().count == 4)
        _ = try rig.s.scratch.sqlite("DELETE FROM sync_resources WHERE task_id = 'essay' OR uid = 'reading-1@plan'")
        #expect(try rig.s.plan(["done", "essay", "--finished"]).status == 0)

        let healed = try rig.s.plan(["sync"])
        #expect(healed.status == 0, "\(healed.stderr)")
        #expect(healed.stdout.contains("Left over from a sync cut short: \"Essay\" (essay-1@plan) "), "\(healed.stdout)")
        #expect(healed.stdout.contains("Left over from a sync cut short: \"Reading\" (reading-1@plan) "), "\(healed.stdout)")
        #expect(healed.stdout.contains("DELETE      essay-1@plan") && healed.stdout.contains("DELETE      essay-2@plan"), "\(healed.stdout)")
        #expect(healed.stdout.contains(", delete 2, "), "\(healed.stdout)")
        #expect(try !rig.planEvents().contains { $0.contains("|essay|") })
        try rig.expectExactlyPlansEvents("after the sync that healed")
        let again = try rig.s.plan(["sync"])
        #expect(again.stdout.hasSuffix(": create 0, update 0, delete 0, 2 up to date.\n"), "\(again.stdout)")
    }

    /// A listing whose hrefs name another collection is refused, naming the href (exit 73), and read as
    /// nothing: no event deleted or made again, no sitting moved; an empty listing is checked event by
    /// event (GET) before anything is read as deleted on the phone.
    @Test func aListingOutsideTheCollectionIsRefusedAndAnEmptyOneIsCheckedFirst() throws {
        guard let rig = try Self.rig() else { return }
        defer { Self.stop(rig) }
        try Self.addTask(rig, "Essay", estimate: "3h")
        #expect(try rig.s.plan(["sync"]).status == 0)
        let before = try rig.planEvents(), sittings = try rig.sittings()
        try #require(before.count == 3)

        try rig.set("hrefs:/student/study/=/student/elsewhere/")
        let refused = try rig.s.plan(["sync"])
        #expect(refused.status == 73, "\(refused)")
        #expect(refused.stderr.contains("its listing names /student/elsewhere/essay-1%40plan.ics, "), "\(refused.stderr)")
        #expect(refused.stderr.contains("which is not in the collection /student/study/"), "\(refused.stderr)")
        #expect(try rig.planEvents() == before && rig.sittings() == sittings)

        try rig.set("emptylist")
        let empty = try rig.s.plan(["sync"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(!empty.stdout.contains("Deleted on the phone"), "\(empty.stdout)")
        #expect(empty.stdout.hasSuffix(": create 0, update 0, delete 0, 3 up to date.\n"), "\(empty.stdout)")
        #expect(try rig.planEvents() == before && rig.sittings() == sittings)
        #expect(try rig.s.scratch.sqlite("SELECT count(*) FROM phone_changes") == "0")

        try rig.set("pass")
        let clean = try rig.s.plan(["sync"])
        #expect(clean.stdout.hasSuffix(": create 0, update 0, delete 0, 3 up to date.\n"), "\(clean.stdout)")
        try rig.expectExactlyPlansEvents("after the clean sync")
    }

    /// A PUT the server took whose answer never came: the next sync finds plan's own write there
    /// (at the time plan has the sitting), not a change on both sides, and pins nothing.
    @Test func aWriteWhoseAnswerNeverCameIsNotAConflict() throws {
        guard let rig = try Self.rig() else { return }
        defer { Self.stop(rig) }
        try Self.addTask(rig, "Essay")
        #expect(try rig.s.plan(["sync"]).status == 0)
        // plan moves every sitting to the afternoon; the first PUT of the move is taken, its answer lost.
        #expect(try rig.s.plan(["task", "edit", "essay", "--earliest", "13:00", "--latest", "18:00"]).status == 0)
        try rig.set("lostput")
        let cut = try rig.s.plan(["sync"])
        #expect(cut.status == 73, "\(cut)")
        let dropped = (try? String(contentsOfFile: rig.modeFile + ".status", encoding: .utf8)) ?? ""
        #expect(dropped.contains("(answer dropped)"), "\(dropped)")
        try rig.set("pass")
        let next = try rig.s.plan(["sync"], now: "2026-11-23T08:10:00-05:00")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!next.stdout.contains("Changed on both sides") && !next.stdout.contains("Moved on the phone"), "\(next.stdout)")
        #expect(try rig.s.scratch.sqlite("SELECT count(*) FROM phone_changes") == "0")
        try rig.expectExactlyPlansEvents("after the sync that followed the lost answer")
        // Every sitting where plan put it, in the afternoon (New York: UTC−5).
        #expect(try rig.sittings().allSatisfy { (Int($0.split(separator: "|")[1])! - 5 * 3600) % 86_400 >= 13 * 3600 })
    }

    /// The phone made a sitting's event again under a new UID at the same href (plan's marks kept):
    /// plan's event is read as deleted there, the new one as the student's own, named and left alone,
    /// and no second event of plan's is put at the same time.
    @Test func anEventMadeAgainUnderANewUIDIsADeletionAndTheStudentsOwn() throws {
        guard let rig = try Self.rig() else { return }
        defer { Self.stop(rig) }
        try Self.addTask(rig, "Essay")
        #expect(try rig.s.plan(["sync"]).status == 0)
        let before = try rig.planEvents()
        try #require(before.count == 2 && before[0].hasPrefix("essay-1@plan|"))
        let start = String(before[0].split(separator: "|")[2])
        let href = rig.s.base + "study/essay-1@plan.ics"
        let got = try CLIRunner.runTool(["curl", "-s", "--fail", "-u", "student:\(CalDAVTests.password)", href])
        try #require(got.status == 0)
        // Deleted and made again at the same href (a server keeps one UID per href: Radicale answers 409 to a PUT changing it).
        let remade = got.stdout.replacingOccurrences(of: "UID:essay-1@plan", with: "UID:phone-remade-1")
        let auth = ["-u", "student:\(CalDAVTests.password)"]
        try #require(["200", "204"].contains(try rig.s.server.curl(auth + ["-X", "DELETE", href])))
        let put = try rig.s.server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", remade, href])
        try #require(put == "201", "PUT: \(put)")

        let synced = try rig.s.plan(["sync"], now: "2026-11-23T08:10:00-05:00")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("Deleted on the phone: \"Essay\" (essay-1@plan)"), "\(synced.stdout)")
        #expect(synced.stdout.contains("Made on the phone: phone-remade-1 carries plan's marks for \"Essay\""), "\(synced.stdout)")
        let after = try rig.planEvents()
        // At the old time only the student's event; plan's work is elsewhere, each sitting once on the server.
        #expect(after.filter { $0.split(separator: "|")[2] == start }.map { String($0.split(separator: "|")[0]) } == ["phone-remade-1"], "\(after)")
        let plans = after.filter { !$0.hasPrefix("phone-remade-1|") }.map { $0.split(separator: "|").dropFirst().joined(separator: "|") }
        #expect(plans.sorted() == (try rig.sittings()), "\(after)")
        #expect(try !rig.sittings().contains { $0.split(separator: "|")[1] == start })
        let again = try rig.s.plan(["sync"], now: "2026-11-23T08:10:00-05:00")
        #expect(again.stdout.contains(": create 0, update 0, delete 0, 2 up to date.\n"), "\(again.stdout)")
    }
}
