@testable import PlanCore

/// Tiny multi-task problems from a seed, small enough for ``ExactSolver``:
/// three to six tasks over one to three days on a 30- or 60-minute grid, with
/// classes, dependencies, a daily maximum, priorities and dues that make the
/// tasks compete for the same hours, sometimes across a DST change.
struct TinyInstanceGenerator {
    var rng: SeededRandom

    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    mutating func instance() -> Instance {
        let zoneName = rng.pick(["UTC", "America/New_York", "America/New_York", "Europe/Berlin", "Asia/Kolkata"])
        let zone = SystemZone(identifier: zoneName)!
        let dstDates = InstanceGenerator.dates[zoneName]!
        let firstDate = rng.chance(0.4) ? rng.pick(dstDates).adding(days: -rng.int(0...1))
            : LocalDate(year: 2026, month: 11, day: 23).adding(days: rng.int(0...6))
        let days = rng.pick([1, 2, 2, 3, 3])
        var policy = Policy(zone: zone)
        policy.granularity = Int64(rng.pick([30, 60, 60])) * 60
        let g = policy.granularity
        let hourly = g == 3600
        if rng.chance(0.15) {
            // The small hours, where clocks change.
            policy.dayStart = .startOfDay
            policy.dayEnd = TimeOfDay(hour: rng.int(4...7))
        } else {
            policy.dayStart = TimeOfDay(hour: rng.int(7...10))
            policy.dayEnd = TimeOfDay(hour: policy.dayStart.minutes / 60 + rng.int(hourly ? 5...10 : 4...6))
        }
        policy.breakBetweenSittings = Int64(rng.pick([0, 0, 15, 30, 60])) * 60
        if rng.chance(0.6) { policy.maxPerDay = Int64(rng.pick([120, 150, 180, 240, 300])) * 60 }
        if rng.chance(0.1) { policy.workingDays.remove(Weekday(firstDate.adding(days: rng.int(0...(days - 1))))) }
        let now = zone.resolve(LocalDateTime(date: firstDate, hour: rng.int(0...(policy.dayStart.minutes / 60 + 1)),
                                             minute: rng.pick([0, 0, 0, 20, 30])))
        func at(_ day: Int, _ minutes: Int) -> Instant {
            let m = max(0, minutes)
            return zone.resolve(LocalDateTime(date: firstDate.adding(days: day + m / 1440), hour: m % 1440 / 60, minute: m % 60))
        }
        let windowMinutes = policy.dayEnd.minutes - policy.dayStart.minutes

        // Classes: a few a day, at ten-minute marks, so some end off the grid.
        var busy: [BusyBlock] = []
        for day in 0..<days {
            for _ in 0..<rng.int(0...2) {
                let start = policy.dayStart.minutes + rng.int(0...max(0, windowMinutes / 10 - 3)) * 10
                let length = rng.pick([50, 60, 75, 90, 120])
                busy.append(BusyBlock(range: TimeRange(start: at(day, start), end: at(day, start + length)), source: "classes"))
            }
        }

        // Dues from a short list, so that tasks share and compete for them;
        // most on the last day, some earlier.
        let dues = (0..<days).flatMap { day in
            [at(day, policy.dayEnd.minutes), at(day, policy.dayStart.minutes + windowMinutes / 2 + rng.int(0...2) * 30)]
        }
        func pickDue() -> Instant { rng.chance(0.6) ? dues[dues.count - 2] : rng.pick(dues) }
        let trap = days >= 2 && policy.dayEnd.minutes >= 11 * 60 && rng.chance(0.35)
        var tasks: [PlanTask] = []
        for i in 0..<(trap ? rng.int(2...4) : rng.int(3...6)) {
            // One to three sittings of about one length keep placements few.
            let sittings = rng.pick([1, 1, 1, 2, 2, 3])
            let length = rng.pick(hourly ? [60, 60, 60, 120] : [30, 60, 60, 90])
            var estimate = Int64(sittings * length) * 60
            if rng.chance(0.2) { estimate -= Int64(rng.pick([10, 20])) * 60 }
            var t = PlanTask(id: "t\(i)", title: "Task \(i)", estimate: estimate, due: pickDue(),
                             priority: rng.int(1...4), sequence: i)
            t.span = Int64(length) * 60 + Int64(rng.pick([0, 0, 1])) * g
            t.minSitting = Int64(length) * 60 - (Int64(length) * 60 >= 3 * g && rng.chance(0.3) ? g : 0)
            if rng.chance(0.2) { t.earliest = TimeOfDay(hour: policy.dayStart.minutes / 60 + rng.int(0...2)) }
            if rng.chance(0.2) { t.latest = TimeOfDay(minutes: policy.dayEnd.minutes - rng.int(0...2) * 60) }
            if rng.chance(0.2) && days > 1 { t.start = at(rng.int(1...(days - 1)), policy.dayStart.minutes) }
            if let e = t.earliest, let l = t.latest, l <= e { t.latest = nil }
            if let s = t.start, s > t.due { t.start = nil }
            if i > 0 && rng.chance(0.3) { t.after = ["t\(rng.int(0...(i - 1)))"] }
            if rng.chance(0.08) { t.done = Int64(rng.pick([30, 60])) * 60 }
            tasks.append(t)
        }
        if trap { budgetTrap(&tasks, &busy, &policy, at: at) }
        return Instance(policy: policy, now: now, tasks: tasks, busy: busy, fixSearchDays: 1)
    }

    /// The pattern of issue 11: a low-priority task due first takes part of
    /// the first day's `maxPerDay` that a later-due task, which can use only
    /// the first day (its hours on the second are taken by a class), needed.
    private mutating func budgetTrap(_ tasks: inout [PlanTask], _ busy: inout [BusyBlock], _ policy: inout Policy,
                                     at: (Int, Int) -> Instant) {
        let g = Int(policy.granularity / 60)
        let cap = rng.pick([2, 3]) * 60
        policy.maxPerDay = Int64(cap) * 60
        let low = rng.pick(Array(stride(from: g, to: cap, by: g)))
        let tight = cap - low + g * rng.int(1...max(1, low / g))
        let from = policy.dayEnd.minutes - tight - rng.int(0...1) * g
        busy.append(BusyBlock(range: TimeRange(start: at(1, from - 10), end: at(1, from + tight)), source: "classes"))
        let n = tasks.count
        var a = PlanTask(id: "t\(n)", title: "Low", estimate: Int64(low) * 60, due: at(1, policy.dayEnd.minutes - g),
                         span: Int64(low) * 60, minSitting: Int64(low) * 60, priority: 4, sequence: n)
        a.earliest = nil
        var b = PlanTask(id: "t\(n + 1)", title: "Tight", estimate: Int64(min(tight, cap)) * 60,
                         due: at(1, policy.dayEnd.minutes), span: Int64(min(tight, cap)) * 60,
                         minSitting: Int64(min(tight, cap)) * 60, priority: 1, sequence: n + 1)
        b.earliest = TimeOfDay(minutes: from)
        tasks += [a, b]
    }
}

extension Instance {
    /// The instance as a `plan schedule --tasks` request (every time in UTC).
    var requestJSON: String {
        func q(_ s: String) -> String { "\"\(s)\"" }
        func minutes(_ s: Int64) -> String { q("PT\(s / 60)M") }
        let p = policy
        var policyFields = [
            "\"dayStart\": \(q(p.dayStart.hhmm))", "\"dayEnd\": \(q(p.dayEnd.hhmm))",
            "\"workingDays\": [\(p.workingDays.sorted().map { q($0.code) }.joined(separator: ", "))]",
            "\"buffer\": \"PT0M\"", "\"breakBetweenSittings\": \(minutes(p.breakBetweenSittings))",
            "\"granularity\": \(minutes(p.granularity))",
        ]
        if let m = p.maxPerDay { policyFields.append("\"maxPerDay\": \(minutes(m))") }
        let tasks = tasks.map { t in
            var f = ["\"id\": \(q(t.id))", "\"title\": \(q(t.title))", "\"estimate\": \(minutes(t.estimate))",
                     "\"span\": \(minutes(t.span))", "\"minSitting\": \(minutes(t.minSitting))",
                     "\"due\": \(q(t.due.utcString))", "\"priority\": \(t.priority)",
                     "\"after\": [\(t.after.map(q).joined(separator: ", "))]", "\"done\": \(minutes(t.done))"]
            if let e = t.earliest { f.append("\"earliest\": \(q(e.hhmm))") }
            if let l = t.latest { f.append("\"latest\": \(q(l.hhmm))") }
            if let s = t.start { f.append("\"start\": \(q(s.utcString))") }
            return "    {" + f.joined(separator: ", ") + "}"
        }
        return "{\"timeZone\": \(q(p.zone.identifier)), \"now\": \(q(now.utcString)),\n"
            + " \"policy\": {" + policyFields.joined(separator: ", ") + "},\n"
            + " \"tasks\": [\n" + tasks.joined(separator: ",\n") + "\n ]}\n"
    }

    /// The busy blocks as an .ics calendar of plain UTC events (the buffer is
    /// already in the blocks, so the request's is zero).
    var calendarICS: String {
        func stamp(_ t: Instant) -> String {
            let l = t.local(offset: 0)
            return l.date.isoString.filter { $0 != "-" } + "T"
                + pad2(l.hour) + pad2(l.minute) + pad2(l.second) + "Z"
        }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan//tests//EN"]
        for (k, b) in busy.enumerated() where !b.range.isEmpty {
            lines += ["BEGIN:VEVENT", "UID:busy-\(k)@tests", "DTSTAMP:20260101T000000Z",
                      "DTSTART:\(stamp(b.range.start))", "DTEND:\(stamp(b.range.end))", "SUMMARY:Busy", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
