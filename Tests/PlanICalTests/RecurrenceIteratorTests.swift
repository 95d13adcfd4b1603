import PlanCore
import Testing
@testable import PlanICal

/// ``PlainRule`` computes the instances of plain DAILY/WEEKLY rules itself;
/// these tests hold it to libical's iterator, instance for instance.
@Suite struct RecurrenceIteratorTests {
    /// SplitMix64, so every run checks the same rules.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    }

    static let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Both sequences, up to `limit` instances.
    func sequences(_ rule: String, _ start: LocalDateTime, isDate: Bool, limit: Int) -> (plain: [LocalDateTime], libical: [LocalDateTime], usedPlain: Bool)? {
        let a = RecurrenceIterator(rule: rule, start: start, isDate: isDate)
        let b = RecurrenceIterator(rule: rule, start: start, isDate: isDate, allowPlain: false)
        // An iterator libical refuses (a day that does not exist) is refused either way.
        if a == nil && b == nil { return ([], [], false) }
        guard let a, let b else { return nil }
        var x: [LocalDateTime] = [], y: [LocalDateTime] = []
        while x.count < limit, let t = a.next() { x.append(t) }
        while y.count < limit, let t = b.next() { y.append(t) }
        return (x, y, a.isPlain)
    }

    @Test func randomPlainRulesMatchLibical() {
        var g = Random(state: 42)
        var plainCount = 0
        for k in 0..<3_000 {
            let freq = ["WEEKLY", "WEEKLY", "WEEKLY", "DAILY", "MONTHLY", "MONTHLY", "YEARLY"][g.int(0...6)]
            let weekly = freq == "WEEKLY"
            var parts = ["FREQ=\(freq)"]
            let start = LocalDateTime(date: LocalDate(year: g.int(1950...2040), month: g.int(1...12), day: g.int(1...28) + (g.int(0...5) == 0 ? 1 : 0)),
                                      hour: g.int(0...23), minute: g.int(0...59), second: g.int(0...1) * 30)
            if weekly, g.int(0...4) > 0 {
                var set = Set([start.date.isoWeekday - 1])
                for _ in 0..<g.int(0...4) { set.insert(g.int(0...6)) }
                // Now and then a DTSTART that is not one of the days (libical keeps those).
                if g.int(0...9) == 0 { set.remove(start.date.isoWeekday - 1) }
                if !set.isEmpty { parts.append("BYDAY=" + set.sorted().map { Self.days[$0] }.joined(separator: ",")) }
            }
            if freq == "MONTHLY" {
                switch g.int(0...3) {
                case 0: parts.append("BYMONTHDAY=\(g.int(1...31) * (g.int(0...3) == 0 ? -1 : 1))")
                case 1: parts.append("BYDAY=\([-1, 1, 2, 3, 4, 5, -2][g.int(0...6)])\(Self.days[g.int(0...6)])")
                default: break
                }
            }
            if g.int(0...2) == 0 { parts.append("INTERVAL=\(g.int(1...5))") }
            if g.int(0...2) == 0 { parts.append("COUNT=\(g.int(1...60))") }
            if g.int(0...3) == 0 { parts.append("WKST=\(Self.days[g.int(0...6)])") }
            let rule = parts.joined(separator: ";")
            let isDate = g.int(0...4) == 0
            let s = isDate ? LocalDateTime(date: start.date) : start
            guard let r = sequences(rule, s, isDate: isDate, limit: 300) else {
                Issue.record("rule \(k) not read: \(rule)")
                continue
            }
            if r.usedPlain { plainCount += 1 }
            #expect(r.plain == r.libical, "\(rule) from \(s)")
        }
        #expect(plainCount > 2_500)
    }

    @Test(arguments: [
        "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU", "FREQ=DAILY;INTERVAL=3",
        "FREQ=WEEKLY;INTERVAL=32000", "FREQ=DAILY;INTERVAL=32767", "FREQ=WEEKLY", "FREQ=DAILY;COUNT=3",
        "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;INTERVAL=7", "FREQ=YEARLY",
        "FREQ=YEARLY;INTERVAL=3", "FREQ=MONTHLY;BYDAY=5SU;INTERVAL=2",
    ])
    func farFutureAndLongSteps(rule: String) {
        for year in [1900, 1970, 2037, 2038, 2100, 2400, 2575] {
            let start = LocalDateTime(date: LocalDate(year: year, month: 3, day: 2), hour: 10)  // a Monday in 2026… any day
            var s = start
            // Start on a Monday so that BYDAY lists that hold MO include DTSTART.
            while s.date.isoWeekday != 1 { s = s.adding(seconds: 86_400) }
            guard let r = sequences(rule, s, isDate: false, limit: 100_000) else {
                Issue.record("\(rule) not read")
                continue
            }
            #expect(r.plain == r.libical, "\(rule) from \(s): \(r.plain.count) vs \(r.libical.count) instances")
        }
    }

    @Test func rulesLeftToLibical() {
        let start = LocalDateTime(date: LocalDate(year: 2026, month: 8, day: 31), hour: 9)  // a Monday
        for rule in ["FREQ=WEEKLY;BYDAY=1MO", "FREQ=DAILY;BYDAY=MO", "FREQ=WEEKLY;BYMONTH=9", "FREQ=MONTHLY;BYDAY=MO,TU",
                     "FREQ=WEEKLY;BYDAY=TU", "FREQ=HOURLY", "RSCALE=GREGORIAN;FREQ=DAILY", "FREQ=DAILY;BYHOUR=9,10",
                     "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=YEARLY;BYMONTH=3", "FREQ=MONTHLY;BYDAY=2TU;BYSETPOS=1",
                     "FREQ=YEARLY;BYDAY=1MO", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU;WKST=SU"] {
            let it = RecurrenceIterator(rule: rule, start: start, isDate: false)
            #expect(it?.isPlain == false, "\(rule)")
        }
    }
}
