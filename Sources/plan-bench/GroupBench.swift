import Foundation
import PlanCore
import PlanGroups
import PlanICal

/// Section 6: `plan group find` for 10 members, each with a semester of
/// classes (5 courses meeting 2–3 times a week for 15 weeks, plus one-off
/// events), one week searched for a 2-hour slot on the 15-minute grid.
/// The finder alone in this process (median of runs), and the whole command
/// as a process reading the 10 members' `.ics` files (written by libical).
struct GroupBench {
    let options: Options
    let plan: [String]
    var members: Int { 10 }
    var busy = 0
    var slotsSearched = 0
    var finderSeconds: Double = 0
    var finderRuns = 0
    var commandSeconds: Double?
    var commandRuns = 0
    var note: String?

    static let zones = ["America/New_York", "America/New_York", "America/Chicago", "Europe/Berlin", "America/New_York",
                        "Asia/Kolkata", "America/New_York", "America/Los_Angeles", "America/New_York", "Europe/London"]
    static let termStart = LocalDate(year: 2027, month: 1, day: 18)
    static let searched = LocalDate(year: 2027, month: 3, day: 8)

    /// Member `k`'s classes as weekly events, and one-off events, in their zone.
    static func classes(_ k: Int, seed: UInt64) -> [WeeklyClass] {
        var random = SeededRandom(seed: seed &+ UInt64(k) &* 7_919)
        let dayPatterns: [[Weekday]] = [[.monday, .wednesday, .friday], [.tuesday, .thursday], [.monday, .wednesday], [.wednesday, .friday]]
        let zone = SystemZone(identifier: zones[k])!
        var out: [WeeklyClass] = []
        for c in 0..<5 {
            let days = random.pick(dayPatterns)
            let first = (0..<7).map { termStart.adding(days: $0) }.first { days.contains(Weekday($0)) }!
            let hour = random.int(8...17), minute = random.pick([0, 30])
            let length = random.pick([50, 75, 110])
            let start = LocalDateTime(date: first, hour: hour, minute: minute)
            let lastDay = first.adding(days: 15 * 7 - 1)
            out.append(WeeklyClass(uid: "m\(k)-c\(c)@bench", summary: "COURSE \(100 + c)", location: nil, description: nil, categories: [],
                                   start: start, end: start.adding(seconds: Int64(length) * 60), days: days,
                                   until: zone.resolve(LocalDateTime(date: lastDay, hour: 23, minute: 59)), skipped: []))
        }
        return out
    }

    /// The busy ranges of member `k` over the term, expanded here (the finder's input).
    static func busy(_ k: Int, seed: UInt64) -> [TimeRange] {
        let zone = SystemZone(identifier: zones[k])!
        var out: [TimeRange] = []
        for c in classes(k, seed: seed) {
            var day = c.start.date
            while zone.resolve(LocalDateTime(date: day)) <= c.until {
                if c.days.contains(Weekday(day)) {
                    let s = zone.resolve(LocalDateTime(date: day).adding(seconds: Int64(c.start.secondOfDay)))
                    out.append(TimeRange(start: s, end: s + (c.end.secondsSinceEpoch - c.start.secondsSinceEpoch)))
                }
                day = day.adding(days: 1)
            }
        }
        return out
    }

    mutating func run() {
        print("6. Group find: \(members) members × a semester of classes, one week searched for 2 h on a 15-minute grid, seed \(options.seed)")
        let within = TimeRange(start: SystemZone(identifier: "America/New_York")!.resolve(LocalDateTime(date: Self.searched)),
                               end: SystemZone(identifier: "America/New_York")!.resolve(LocalDateTime(date: Self.searched.adding(days: 7))))
        let group = (0..<members).map { k in
            GroupMember(name: "m\(k)", zone: SystemZone(identifier: Self.zones[k])!, busy: Self.busy(k, seed: options.seed))
        }
        busy = group.map(\.busy.count).reduce(0, +)
        let search = GroupSearch(members: group, within: within, duration: 7_200, between: DayWindow(start: TimeOfDay(hour: 8), end: TimeOfDay(hour: 22)),
                                 minMembers: 5)
        slotsSearched = Int(within.duration / search.granularity)
        var samples: [Double] = []
        var found = 0
        let started = Child.monotonicSeconds()
        repeat {
            let t0 = Child.monotonicSeconds()
            found = (try? GroupFinder.find(search))?.count ?? -1
            samples.append(Child.monotonicSeconds() - t0)
        } while samples.count < 5 || (samples.count < 101 && Child.monotonicSeconds() - started < 2)
        finderRuns = samples.count
        finderSeconds = medianOf(samples)
        print(String(format: "   finder: %@ busy ranges, %d start times, %d slots found: %.3f ms, median of %d",
                     Format.count(busy), slotsSearched, found, finderSeconds * 1000, finderRuns))

        // The command: the members as .ics files (libical writes them), `plan group find` as a process.
        let dir = options.workdir + "/group"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var args = plan + ["group", "find", "--store", dir + "/plan.sqlite", "--duration", "2h", "--between", "08:00-22:00",
                           "--within", "2027-03-08..2027-03-14", "--min-members", "5", "--json"]
        for k in 0..<members {
            guard let text = try? ICalExporter.classes(Self.classes(k, seed: options.seed), timeZone: Self.zones[k], name: "m\(k)", stamp: Instant(seconds: 0)) else {
                note = "cannot write member \(k)'s calendar"
                return
            }
            let path = dir + "/m\(k).ics"
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            args += ["--member", path]
        }
        var env = ProcessInfo.processInfo.environment
        env["PLAN_NOW"] = "2027-03-01T08:00:00-05:00"
        env["TZ"] = "America/New_York"
        var times: [Double] = []
        for _ in 0..<(options.quick ? 3 : 11) {
            let r = Child.run(args, environment: env)
            guard r.status == 0 else {
                note = "plan group find failed (\(r.status)): \(r.stderr.prefix(200))"
                break
            }
            times.append(r.seconds)
        }
        commandRuns = times.count
        commandSeconds = times.isEmpty ? nil : medianOf(times)
        if let s = commandSeconds { print(String(format: "   plan group find (10 .ics files, a process): %.1f ms, median of %d", s * 1000, commandRuns)) }
        if let note { print("   " + note) }
    }

    func table() -> String {
        "| group find: 10 members × a semester, one week searched | busy ranges | start times | median |\n|---|---|---|---|\n"
            + String(format: "| the finder (`GroupFinder.find`, in process) | %@ | %d | %.3f ms |\n", Format.count(busy), slotsSearched, finderSeconds * 1000)
            + "| `plan group find` with 10 `.ics` members (a process: read, expand, find, print) | | | "
            + (commandSeconds.map { String(format: "%.1f ms", $0 * 1000) } ?? "–") + " |"
    }

    var json: JSON {
        .object([("members", .int(members)), ("busyRanges", .int(busy)), ("startTimes", .int(slotsSearched)),
                 ("finderMedianSeconds", .num(finderSeconds, 6)), ("finderRuns", .int(finderRuns)),
                 ("commandMedianSeconds", .num(commandSeconds, 5)), ("commandRuns", .int(commandRuns))])
    }
}
