import PlanCore
import Testing
@testable import PlanICal

@Suite struct ScratchProbeTests {
    @Test func probe() {
        let cases: [(String, LocalDateTime, Bool)] = [
            ("FREQ=MONTHLY;BYDAY=2TU", LocalDateTime(date: LocalDate(year: 2026, month: 9, day: 1), hour: 18), false),
            ("FREQ=MONTHLY;BYDAY=2TU;COUNT=3", LocalDateTime(date: LocalDate(year: 2026, month: 9, day: 1), hour: 18), false),
            ("FREQ=MONTHLY;BYDAY=-1FR", LocalDateTime(date: LocalDate(year: 2026, month: 9, day: 1), hour: 18), false),
            ("FREQ=YEARLY", LocalDateTime(date: LocalDate(year: 2004, month: 2, day: 29)), true),
            ("FREQ=YEARLY", LocalDateTime(date: LocalDate(year: 2003, month: 5, day: 17)), true),
            ("FREQ=MONTHLY", LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 31), hour: 9), false),
            ("FREQ=MONTHLY;BYMONTHDAY=31", LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 5), hour: 9), false),
        ]
        for (rule, start, isDate) in cases {
            let it = RecurrenceIterator(rule: rule, start: start, isDate: isDate)!
            var out: [String] = []
            while out.count < 8, let t = it.next() { out.append(t.description) }
            print("PROBE \(rule) from \(start): \(out.joined(separator: " "))")
        }
    }
}
