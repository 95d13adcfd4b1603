import Foundation
import Testing

extension HealingSyncTests {
    /// 20 rounds on Radicale: between syncs the phone moves or deletes one of plan's events (a PUT
    /// or DELETE as a phone sends them) or a task is finished (`plan done … --finished`); then
    /// `plan sync` runs, through the fault proxy passing, answering an empty listing or naming
    /// another collection, and is killed (SIGKILL) at a moment drawn from 3 ms to the first (whole)
    /// sync's time. After one clean sync the server holds exactly plan's events, one per sitting (a
    /// finished task keeps the one under way): no ghost, none twice, each recorded; every move the
    /// phone made is where the phone put it, and no event it deleted came back. Every draw is
    /// KilledCommandTests' golden-ratio fraction at the square of its number, from seed 0.46.
    @Test func syncsKilledAtRandomMomentsEndWithExactlyPlansEventsAndEveryPhoneEdit() throws {
        guard let rig = try Self.rig() else { return }
        defer { Self.stop(rig) }
        for title in ["Essay", "Reading", "Problem set", "Lab report"] { try Self.addTask(rig, title, estimate: "3h") }
        let now = "2026-11-23T08:00:00-05:00"
        let started = Date()
        let first = try rig.s.plan(["sync"], now: now)
        let whole = Date().timeIntervalSince(started)
        #expect(first.status == 0, "\(first.stderr)")
        try rig.expectExactlyPlansEvents("after the first sync")
        try #require(try rig.planEvents().count >= 8)

        var draws = 0
        /// The next draw, in [0, 1).
        func draw() -> Double {
            draws += 1
            return KilledCommandTests.fraction(draws * draws, seed: 0.46)
        }
        func pick(_ n: Int) -> Int { min(n - 1, Int(draw() * Double(n))) }
        var moved: [String: (task: String, start: Int)] = [:]
        var deleted: Set<String> = []
        var finished: Set<String> = []
        var kills = 0
        var log: [String] = []
        let env = ["PLAN_NOW": now, "NETRC": rig.s.scratch.netrc, "HOME": rig.s.scratch.dir.path]
        for round in 0..<20 {
            // What the phone shows: plan's events on the server (path, UID, task), but a finished task's.
            let listed = try KilledCommandTests.members(rig.s.base + "study/", password: CalDAVTests.password).keys.sorted()
            let live = listed.compactMap { path -> [String]? in
                let uid = String((path.split(separator: "/").last ?? "").dropLast(4))
                guard uid.hasSuffix("@plan"), let dash = uid.lastIndex(of: "-") else { return nil }
                let task = String(uid[..<dash])
                return finished.contains(task) ? nil : [path, uid, task]
            }
            switch round % 3 {
            case 0:
                // The phone moves one event two hours later.
                guard !live.isEmpty else { break }
                let e = live[pick(live.count)]
                if let start = try Self.phoneMove(rig, path: e[0], by: 7200) { moved[e[1]] = (e[2], start) }
            case 1:
                // The phone deletes one (one it did not move, while there is one: a move stays to be checked).
                let unmoved = live.filter { moved[$0[1]] == nil }
                let pool = unmoved.isEmpty ? live : unmoved
                guard !pool.isEmpty else { break }
                let e = pool[pick(pool.count)]
                let gone = try rig.s.server.curl(["-u", "student:\(CalDAVTests.password)", "-X", "DELETE", "http://127.0.0.1:\(rig.s.server.port)" + e[0]])
                if ["200", "204"].contains(gone) {
                    deleted.insert(e[1])
                    moved[e[1]] = nil
                }
            default:
                let open = Set(live.map { $0[2] }).subtracting(finished).sorted()
                guard open.count > 1 else { break }
                let task = open[pick(open.count)]
                let done = try rig.s.plan(["done", task, "--finished"], now: now)
                #expect(done.status == 0, "round \(round): \(done.stderr)")
                finished.insert(task)
            }
            let mode = ["pass", "pass", "emptylist", "hrefs:/student/study/=/student/elsewhere/"][pick(4)]
            try rig.set(mode)
            let delay = 0.003 + draw() * max(0.001, whole - 0.003)
            let running = try CLIRunner.start(["sync", "--store", rig.s.scratch.store], environment: env)
            usleep(UInt32(delay * 1_000_000))
            if running.process.isRunning {
                running.kill()
                kills += 1
            }
            let out = try running.wait()
            #expect(out.status != 70, "round \(round) (\(mode), \(Int(delay * 1000)) ms): \(out.stderr)")
            log.append("round \(round) (\(mode), \(Int(delay * 1000)) ms): exit \(out.status)")
        }

        try rig.set("pass")
        let clean = try rig.s.plan(["sync"], now: now)
        #expect(clean.status == 0, "\(clean.stderr)")
        try rig.expectExactlyPlansEvents("after 20 rounds (\(log)) and a clean sync: \(clean.stdout)")
        let events = try rig.planEvents().map { $0.split(separator: "|").map(String.init) }
        let byUID = Dictionary(events.map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a })
        for (uid, m) in moved where !finished.contains(m.task) {
            #expect(byUID[uid].map { Int($0[2])! } == m.start, "\(uid), moved on the phone to \(m.start): \(byUID[uid] ?? []) \(log)")
        }
        #expect(deleted.allSatisfy { byUID[$0] == nil }, "deleted on the phone, back: \(deleted.filter { byUID[$0] != nil }) \(log)")
        print("HealingSyncTests: 20 rounds, \(kills) syncs killed (0–\(Int(whole * 1000)) ms), \(moved.count) moved, "
              + "\(deleted.count) deleted and \(finished.count) tasks finished: the server holds exactly plan's \(events.count) events")
    }

    /// The phone moves the event at `path` by `seconds` (GET, then PUT of it with DTSTART and DTEND
    /// shifted): its new start (seconds), or nil when it is not there.
    static func phoneMove(_ rig: Rig, path: String, by seconds: Int) throws -> Int? {
        let url = "http://127.0.0.1:\(rig.s.server.port)" + path
        let got = try CLIRunner.runTool(["curl", "-s", "--fail", "-u", "student:\(CalDAVTests.password)", url])
        guard got.status == 0 else {
            Issue.record("the phone's GET of \(path): curl exited \(got.status)")
            return nil
        }
        let stamp = DateFormatter()
        stamp.dateFormat = "yyyyMMdd'T'HHmmss"
        stamp.timeZone = TimeZone(identifier: "UTC")
        var start: Int?
        let lines = got.stdout.components(separatedBy: "\r\n").map { line -> String in
            guard line.hasPrefix("DTSTART") || line.hasPrefix("DTEND"), let colon = line.lastIndex(of: ":") else { return line }
            let value = String(line[line.index(after: colon)...])
            let utc = value.hasSuffix("Z")
            guard let date = stamp.date(from: String(value.prefix(15))) else { return line }
            let shifted = date.addingTimeInterval(Double(seconds))
            // A local time is New York's (UTC−5 in late November).
            if line.hasPrefix("DTSTART") { start = Int(shifted.timeIntervalSince1970) + (utc ? 0 : 5 * 3600) }
            return String(line[...colon]) + stamp.string(from: shifted) + (utc ? "Z" : "")
        }
        let put = try rig.s.server.curl(["-u", "student:\(CalDAVTests.password)", "-X", "PUT", "-H", "Content-Type: text/calendar",
                                         "--data-binary", lines.joined(separator: "\r\n"), url])
        #expect(["201", "204"].contains(put) && start != nil, "the phone's PUT of \(path): \(put), start \(start.map(String.init) ?? "not found")")
        return ["201", "204"].contains(put) ? start : nil
    }
}
