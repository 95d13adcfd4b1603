import Foundation
import Testing

/// CalDAV collections as calendars and `plan sync`, against real Radicale
/// and Xandikos on 127.0.0.1; the Python `caldav` client (which `.ci/run`
/// installs) reads what plan wrote and writes what a phone would. Each test
/// says plainly that it skipped when a server or `caldav` is missing.
@Suite(.serialized) struct CalDAVTests {
    static let password = "Ph0ne-s3cret"

    /// One run: a server, a scratch folder with a store and a netrc, and the Python peer.
    struct Setup {
        let server: LocalDAVServer
        let scratch: SubscriptionTests.Scratch
        /// `/student/` on Radicale, `/user/calendars/` on Xandikos.
        let home: String
        let auth: Bool

        var base: String { "http://127.0.0.1:\(server.port)\(home)" }

        func plan(_ args: [String], now: String = "2026-11-23T08:00:00-05:00", password: String = CalDAVTests.password) throws -> CLIRunner.Output {
            try scratch.plan(args, now: now, netrc: password)
        }

        /// Runs `script` with `caldav` and `icalendar` imported, a `cal(path)` helper, and `args`.
        func python(_ script: String, _ args: [String] = []) throws -> String {
            let prelude = """
                import sys, caldav, icalendar, datetime
                client = caldav.DAVClient(url=sys.argv[1], username='student', password=sys.argv[2]) if sys.argv[3] == '1' else caldav.DAVClient(url=sys.argv[1])
                def cal(path): return client.calendar(url=sys.argv[1] + path)
                def events(path):
                    out = []
                    for e in cal(path).events():
                        for c in icalendar.Calendar.from_ical(e.data).walk('VEVENT'):
                            out.append((e, c))
                    return out
                args = sys.argv[4:]

                """
            let r = try CLIRunner.runTool(["python3", "-c", prelude + script, base, CalDAVTests.password, auth ? "1" : "0"] + args)
            #expect(r.status == 0, "python caldav: \(r.stderr)")
            return r.stdout
        }

        /// The plan's sittings as the store keeps them: `task|start|end` (seconds), in time order.
        func storedSittings() throws -> [String] {
            try CLIRunner.runTool(["python3", "-c", """
                import sqlite3, sys
                for row in sqlite3.connect(sys.argv[1]).execute('SELECT task_id, start, end FROM sittings ORDER BY start'):
                    print(f'{row[0]}|{row[1]}|{row[2]}')
                """, scratch.store]).stdout.split(separator: "\n").map(String.init)
        }

        /// The events of collection `path` as `caldav` reads them: `uid|x-plan-task-id|start|end` (seconds), sorted.
        func serverEvents(_ path: String) throws -> [String] {
            try python("""
                rows = []
                for e, c in events(args[0]):
                    s = int(c.decoded('DTSTART').timestamp()); t = int(c.decoded('DTEND').timestamp())
                    rows.append(f"{c.get('UID')}|{c.get('X-PLAN-TASK-ID', '')}|{s}|{t}")
                print('\\n'.join(sorted(rows)))
                """, [path]).split(separator: "\n").map(String.init)
        }
    }

    /// Starts `kind` ("radicale" or "xandikos") with a "classes" calendar holding one class; nil when it cannot run.
    static func setUp(_ kind: String) throws -> Setup? {
        guard try CLIRunner.runTool(["python3", "-c", "import caldav, icalendar"]).status == 0 else {
            print("skipped: the Python caldav client is not installed (pip install caldav==3.6.0)")
            return nil
        }
        let (started, why) = kind == "radicale" ? try LocalDAVServer.radicale(password: password) : try LocalDAVServer.xandikos()
        guard let server = started else {
            print("skipped: \(why)")
            return nil
        }
        let s = Setup(server: server, scratch: try SubscriptionTests.Scratch(), home: kind == "radicale" ? "/student/" : "/user/calendars/",
                      auth: kind == "radicale")
        let auth = kind == "radicale" ? ["-u", "student:\(password)"] : []
        #expect(try server.curl(auth + ["-X", "MKCALENDAR", s.base + "classes/"]) == "201")
        _ = try s.python("cal('classes/').save_event(args[0])",
                         [SubscriptionTests.event("CS 201 Lecture", start: "20261123T150000Z", end: "20261123T170000Z")])
        return s
    }

    @Test(arguments: ["radicale", "xandikos"])
    func aCollectionIsReadSyncedEditedOnThePhoneAndSyncedAgain(kind: String) throws {
        guard let s = try Self.setUp(kind) else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        var outputs: [CLIRunner.Output] = []
        func plan(_ args: [String], now: String = "2026-11-23T08:00:00-05:00") throws -> CLIRunner.Output {
            let r = try s.plan(args, now: now)
            outputs.append(r)
            return r
        }

        // The collection is a calendar: registered as CalDAV, its class is busy time.
        let added = try plan(["calendar", "add", s.base + "classes/", "--name", "classes"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Registered calendar \"classes\": \(s.base)classes/ (1 event).\n")
        #expect(try s.scratch.sqlite("SELECT kind FROM calendars") == "caldav")
        #expect(try s.scratch.sqlite("SELECT count(*) FROM caldav_resources") == "1")
        let agenda = try plan(["agenda", "--days", "1"])
        #expect(agenda.stdout.contains("10:00–12:00  CS 201 Lecture"), "\(agenda.stdout)")

        // The target is made, a task planned and synced.
        let target = try plan(["calendar", "target", s.base + "study/", "--create"])
        #expect(target.status == 0, "\(target.stderr)")
        #expect(target.stdout == "Created the calendar \"Study plan\" at \(s.base)study/; `plan sync` writes there.\n")
        let name = try s.python("print(cal('study/').get_display_name())")
        #expect(name == "Study plan\n")
        // Someone else's event in the same collection: never touched.
        _ = try s.python("cal('study/').save_event(args[0])",
                         [SubscriptionTests.event("Dentist", start: "20261126T150000Z", end: "20261126T160000Z").replacingOccurrences(of: "class-1@plan-tests", with: "dentist@phone")])
        let foreignBefore = try s.python("print([e.data for e in cal('study/').events() if 'dentist@phone' in e.data][0])")
        let task = try plan(["add-task", "Essay", "--estimate", "4h", "--span", "1h", "--due", "2026-11-25", "--earliest", "08:00", "--latest", "18:00"])
        #expect(task.status == 0, "\(task.stderr)")
        let dry = try plan(["sync", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would PUT new     essay-1@plan"), "\(dry.stdout)")
        #expect(dry.stdout.hasSuffix(", would update 0, would delete 0, 0 up to date (dry run: nothing sent).\n"))
        #expect(try s.serverEvents("study/").count == 1)
        let synced = try plan(["sync", "--json"])
        #expect(synced.status == 0, "\(synced.stderr)")

        // caldav reads back one event per sitting: UID, X-PLAN-TASK-ID and times as the store has them.
        func planEvents() throws -> [String] { try s.serverEvents("study/").filter { !$0.hasPrefix("dentist@phone") } }
        // The server has one event per stored sitting, at its time, each with its own UID.
        func expectSame(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let server = try planEvents(), stored = try s.storedSittings().filter { !$0.isEmpty }.sorted()
            #expect(server.map { $0.split(separator: "|").dropFirst().joined(separator: "|") }.sorted() == stored, sourceLocation: sourceLocation)
            #expect(Set(server.map { $0.split(separator: "|")[0] }).count == server.count, sourceLocation: sourceLocation)
        }
        let total = try s.storedSittings().filter { !$0.isEmpty }.count
        #expect(total >= 4)
        #expect(synced.stdout.contains("\"created\":\(total)"), "\(synced.stdout)")
        #expect(synced.stdout.contains("\"PUT\":\(total)"))
        try expectSame()

        // Nothing changed: the second sync lists the ETags and sends no PUT or DELETE.
        let again = try plan(["sync", "--json"])
        #expect(again.stdout.contains("\"changes\":[]"), "\(again.stdout)")
        #expect(again.stdout.contains("\"requests\":{\"REPORT\":1}"), "\(again.stdout)")

        // The class moves on the server onto the first sitting: replan and sync move the sitting there too.
        let first = try #require(try s.storedSittings().first?.split(separator: "|"))
        let firstStart = Date(timeIntervalSince1970: Double(first[1])!)
        let stamp = DateFormatter()
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        stamp.timeZone = TimeZone(identifier: "UTC")
        _ = try s.python("""
            e = cal('classes/').events()[0]
            e.data = args[0]
            e.save()
            """, [SubscriptionTests.event("CS 201 Lecture (moved)", start: stamp.string(from: firstStart), end: stamp.string(from: firstStart + 3600))])
        let replanned = try plan(["replan"], now: "2026-11-23T08:05:00-05:00")
        #expect(replanned.status == 0, "\(replanned.stderr)")
        #expect(try !s.storedSittings().contains { $0.split(separator: "|").dropFirst().first.map { Double($0)! } == firstStart.timeIntervalSince1970 })
        let moved = try plan(["sync"], now: "2026-11-23T08:05:00-05:00")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("PUT changed"), "\(moved.stdout)")
        try expectSame()

        // On the phone: one sitting moved to 20:00 the next evening, another deleted.
        let events = try planEvents()
        let movedUID = String(events[1].split(separator: "|")[0]), deletedUID = String(events[2].split(separator: "|")[0])
        let deletedStart = Int(events[2].split(separator: "|")[2])!
        _ = try s.python("""
            for e, c in events('study/'):
                if str(c.get('UID')) == args[0]:
                    start = datetime.datetime(2026, 11, 24, 20, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=-5)))
                    c['DTSTART'].dt = start
                    c['DTEND'].dt = start + datetime.timedelta(hours=1)
                    cal_ = icalendar.Calendar.from_ical(e.data)
                    for v in cal_.walk('VEVENT'):
                        v['DTSTART'] = c['DTSTART']; v['DTEND'] = c['DTEND']
                    e.data = cal_.to_ical().decode()
                    e.save()
                if str(c.get('UID')) == args[1]:
                    e.delete()
            """, [movedUID, deletedUID])
        let phone = try plan(["sync"], now: "2026-11-23T08:10:00-05:00")
        #expect(phone.status == 0, "\(phone.stderr)")
        #expect(phone.stdout.contains("Moved on the phone: \"Essay\" (\(movedUID))"), "\(phone.stdout)")
        #expect(phone.stdout.contains("Deleted on the phone: \"Essay\" (\(deletedUID))"), "\(phone.stdout)")
        let evening = Int(ISO8601DateFormatter().date(from: "2026-11-25T01:00:00Z")!.timeIntervalSince1970)
        // The moved event keeps its UID at the time the student gave it; the deleted UID is not given again.
        #expect(try planEvents().contains("\(movedUID)|essay|\(evening)|\(evening + 3600)"))
        #expect(try !planEvents().contains { $0.hasPrefix(deletedUID + "|") })
        let stored = try s.storedSittings().filter { !$0.isEmpty }
        // The moved one is kept where the student put it (outside the task's hours), the deleted time is not used,
        // and the work still adds up to the estimate.
        #expect(stored.contains { $0.hasSuffix("|\(evening)|\(evening + 3600)") }, "\(stored)")
        #expect(!stored.contains { Int($0.split(separator: "|")[1]) == deletedStart })
        #expect(stored.reduce(0) { n, row in let f = row.split(separator: "|"); return n + Int(f[2])! - Int(f[1])! } == 4 * 3600)
        try expectSame()
        // A later replan keeps the pinned sitting where the phone put it.
        _ = try plan(["replan"], now: "2026-11-23T08:15:00-05:00")
        #expect(try s.storedSittings().contains { $0.hasSuffix("|\(evening)|\(evening + 3600)") })
        let settled = try plan(["sync", "--json"], now: "2026-11-23T08:15:00-05:00")
        #expect(settled.stdout.contains("\"changes\":[]"), "\(settled.stdout)")

        // The task is removed: its events go (DELETE with If-Match), none of them had ended.
        let live = try s.storedSittings().filter { !$0.isEmpty }.count
        #expect(try plan(["task", "remove", "essay"]).status == 0)
        let cleared = try plan(["sync", "--json"], now: "2026-11-23T08:15:00-05:00")
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stdout.contains("\"deleted\":\(live)"), "\(cleared.stdout)")
        #expect(try planEvents().isEmpty)

        // The other event is as it was; the password is in no output and not in the store.
        #expect(try s.python("print([e.data for e in cal('study/').events() if 'dentist@phone' in e.data][0])") == foreignBefore)
        for o in outputs { #expect(!o.stdout.contains(Self.password) && !o.stderr.contains(Self.password)) }
        #expect(!s.scratch.storeBytes().contains(Self.password))
    }

    /// The sync target is never busy time (nor a busy calendar the sync
    /// target), and `sync --to` writes only into a calendar collection:
    /// each refusal names the URL and what to do, and nothing is written.
    @Test func theSyncTargetIsNeverBusyTime() throws {
        guard let s = try Self.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        let study = s.base + "study/", classes = s.base + "classes/"
        #expect(try s.plan(["calendar", "target", study, "--create"]).status == 0)
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"]).status == 0)
        let dump = try s.scratch.sqlite(".dump")

        let asBusy = try s.plan(["calendar", "add", study.uppercased().replacingOccurrences(of: "/STUDENT/STUDY/", with: "/student/study")])
        #expect(asBusy.status == 65)
        #expect(asBusy.stderr.contains("is where `plan sync` writes your study plan"), "\(asBusy.stderr)")
        #expect(try s.scratch.sqlite(".dump") == dump)

        #expect(try s.plan(["calendar", "add", classes]).status == 0)
        let asTarget = try s.plan(["calendar", "target", classes])
        #expect(asTarget.status == 65)
        #expect(asTarget.stderr.contains("is the busy calendar \"classes\""), "\(asTarget.stderr)")
        let syncIntoBusy = try s.plan(["sync", "--to", classes])
        #expect(syncIntoBusy.status == 65 && syncIntoBusy.stderr.contains("is the busy calendar"), "\(syncIntoBusy.stderr)")

        // The account's home is a folder, not a calendar: nothing is written there.
        let home = try s.plan(["sync", "--to", s.base])
        #expect(home.status == 65)
        #expect(home.stderr.contains("not a calendar collection"), "\(home.stderr)")
        #expect(s.server.planRequests()["PUT", default: 0] == 0)
        #expect(try s.serverEvents("classes/").count == 1)
    }

    @Test func aWrongPasswordIsOneLineAndLeavesTheStoreAsItWas() throws {
        guard let s = try Self.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"]).status == 0)
        let dump = try s.scratch.sqlite(".dump")
        let refused = try s.plan(["sync"], password: "wrong-password")
        #expect(refused.status == 73)
        #expect(refused.stderr == "plan: cannot write \(s.base)study/: the server refused the credentials for it (HTTP 401); check ~/.netrc ($NETRC), PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD or the password command (--password-command)\n")
        #expect(refused.stdout == "")
        #expect(try s.scratch.sqlite(".dump") == dump)
        #expect(!refused.stderr.contains("wrong-password"))
    }

    @Test func aFiveHundredFromAProxyIsOneLineAndLeavesTheStoreAsItWas() throws {
        let (started, why) = try LocalDAVServer.failingProxy(status: 502)
        guard let proxy = started else {
            print("skipped: \(why)")
            return
        }
        defer { proxy.stop() }
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"]).status == 0)
        let dump = try s.sqlite(".dump")
        let url = "http://127.0.0.1:\(proxy.port)/student/study/"
        let target = try s.plan(["calendar", "target", url])
        #expect(target.status == 73)
        #expect(target.stderr == "plan: cannot write \(url): the server answered HTTP 502 (a server error)\n")
        let sync = try s.plan(["sync", "--to", url])
        #expect(sync.status == 73)
        #expect(sync.stderr == "plan: cannot write \(url): the server answered HTTP 502 (a server error)\n")
        #expect(sync.stdout == "")
        #expect(try s.sqlite(".dump") == dump)
        // A collection behind it cannot be added either (read as a subscription, whose error says why).
        let add = try s.plan(["calendar", "add", url])
        #expect(add.status == 66)
        #expect(add.stderr == "plan: \(url): cannot read: the server answered HTTP 502 (a server error); no copy of it is stored yet\n")
    }

    @Test func aSyncCutShortByTheServerDyingIsFinishedByTheNextWithoutDuplicates() throws {
        guard let s = try Self.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        // 60 tasks of 2 half-hour sittings: 120 resources to write.
        for k in 0..<60 {
            let r = try s.plan(["add-task", "Reading \(k)", "--estimate", "1h", "--span", "30m", "--min", "30m", "--due", "2026-12-20"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let total = try s.storedSittings().filter { !$0.isEmpty }.count
        #expect(total == 120)
        // The sync runs in the background; the server is killed once it has taken 10 PUTs
        // (early, so that a loaded machine still kills it well before the 120th).
        let sync = Process()
        sync.executableURL = CLIRunner.binary
        sync.arguments = ["sync", "--store", s.scratch.store]
        try "machine 127.0.0.1 login student password \(Self.password)\n".write(toFile: s.scratch.netrc, atomically: true, encoding: .utf8)
        sync.environment = ["PLAN_NOW": "2026-11-23T08:00:00-05:00", "NETRC": s.scratch.netrc, "HOME": s.scratch.dir.path, "TZ": "America/New_York"]
        sync.standardOutput = FileHandle.nullDevice
        sync.standardError = FileHandle.nullDevice
        try sync.run()
        for _ in 0..<600 where (s.server.planRequests()["PUT"] ?? 0) < 10 && sync.isRunning { usleep(10_000) }
        s.server.kill()
        sync.waitUntilExit()
        #expect(sync.terminationStatus == 73)
        let recorded = Int(try s.scratch.sqlite("SELECT count(*) FROM sync_resources"))!
        #expect(recorded >= 9 && recorded < total, "\(recorded)")

        try s.server.restart()
        let finished = try s.plan(["sync", "--json"])
        #expect(finished.status == 0, "\(finished.stderr)")
        let events = try s.serverEvents("study/").filter { !$0.isEmpty }
        #expect(events.count == total)
        #expect(Set(events.map { $0.split(separator: "|")[0] }).count == total)
        #expect(try s.scratch.sqlite("SELECT count(*) FROM sync_resources") == String(total))
        let quiet = try s.plan(["sync", "--json"])
        #expect(quiet.stdout.contains("\"changes\":[]"), "\(quiet.stdout)")
    }

    @Test func aReplanWithNothingChangedAsksTheCollectionOnce() throws {
        guard let s = try Self.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "add", s.base + "classes/"]).status == 0)
        let before = s.server.planRequests()
        let r = try s.plan(["replan"], now: "2026-11-23T08:05:00-05:00")
        #expect(r.status == 0, "\(r.stderr)")
        let after = s.server.planRequests()
        // One sync-collection REPORT from the stored token, nothing downloaded.
        #expect(after.values.reduce(0, +) - before.values.reduce(0, +) == 1, "\(before) → \(after)")
        #expect((after["REPORT"] ?? 0) - (before["REPORT"] ?? 0) == 1)
        // A server without sync-collection (the copy says so): every event's ETag is listed
        // (one calendar-query), and only what changed is downloaded (one multiget).
        _ = try s.scratch.sqlite("UPDATE caldav_collections SET supports_sync = 0, sync_token = NULL")
        let quiet = s.server.planRequests()
        #expect(try s.plan(["replan"], now: "2026-11-23T08:10:00-05:00").status == 0)
        #expect(s.server.planRequests().values.reduce(0, +) - quiet.values.reduce(0, +) == 1)
        _ = try s.python("""
            e = cal('classes/').events()[0]
            e.data = args[0]
            e.save()
            """, [SubscriptionTests.event("CS 201 Lab", start: "20261123T180000Z", end: "20261123T190000Z")])
        let changed = s.server.planRequests()
        let agenda = try s.plan(["agenda", "--days", "1"], now: "2026-11-23T08:15:00-05:00")
        #expect(agenda.stdout.contains("13:00–14:00  CS 201 Lab"), "\(agenda.stdout)")
        #expect((s.server.planRequests()["REPORT"] ?? 0) - (changed["REPORT"] ?? 0) == 2)
        let state = try s.scratch.sqlite("SELECT supports_sync, sync_token IS NULL FROM caldav_collections")
        #expect(state == "0|1")

        // The server stops: the stored copy stands in, with one warning naming it and its age.
        s.server.stop()
        let offline = try s.plan(["replan"], now: "2026-11-23T10:05:00-05:00")
        #expect(offline.status == 0)
        #expect(offline.stderr == "plan: warning: \(s.base)classes/: the server cannot be reached: connection refused; planning with the stored copy, last confirmed 1 h ago\n")
    }

    /// A store that cannot be written still reads its collections: the command shows what
    /// the server holds now, keeps nothing, and leaves the store as it was, as it does for
    /// a subscription. (A read-only mount: root too is bound by it.)
    @Test func aStoreOnAReadOnlyMountReadsTheCollectionAndKeepsNothing() throws {
        guard let s = try Self.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        guard let mount = try StoreFaultTests.mountTmpfs(kilobytes: 4096) else { return }
        defer { StoreFaultTests.unmount(mount) }
        let store = mount.appendingPathComponent("plan.sqlite").path
        func plan(_ args: [String], now: String) throws -> CLIRunner.Output {
            try "machine 127.0.0.1 login student password \(Self.password)\n".write(toFile: s.scratch.netrc, atomically: true, encoding: .utf8)
            return try CLIRunner.run(args + ["--store", store], environment: ["PLAN_NOW": now, "NETRC": s.scratch.netrc, "HOME": s.scratch.dir.path])
        }
        let added = try plan(["calendar", "add", s.base + "classes/"], now: "2026-11-23T08:00:00-05:00")
        #expect(added.status == 0, "\(added.stderr)")
        _ = try s.python("""
            e = cal('classes/').events()[0]
            e.data = args[0]
            e.save()
            """, [SubscriptionTests.event("CS 201 Lab", start: "20261123T180000Z", end: "20261123T190000Z")])
        #expect(try CLIRunner.runTool(["mount", "-o", "remount,ro", mount.path]).status == 0)
        let before = try StoreSafetyTests.snapshot(mount)

        let agenda = try plan(["agenda", "--days", "1"], now: "2026-11-23T08:15:00-05:00")
        #expect(agenda.status == 0, "\(agenda.stderr)")
        #expect(agenda.stdout.contains("13:00–14:00  CS 201 Lab"), "\(agenda.stdout)")
        #expect(!agenda.stdout.contains("CS 201 Lecture"), "\(agenda.stdout)")
        #expect(try StoreSafetyTests.snapshot(mount) == before)
    }
}

extension SubscriptionTests.Scratch {
    /// The output of `sqlite3`-style query `sql` on the store, through Python (`.dump` for the whole store).
    func sqlite(_ sql: String) throws -> String {
        try CLIRunner.runTool(["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            if sys.argv[2] == '.dump':
                print('\\n'.join(db.iterdump()))
            else:
                print('\\n'.join('|'.join(str(v) for v in row) for row in db.execute(sys.argv[2])))
                db.commit()
            """, store, sql]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
