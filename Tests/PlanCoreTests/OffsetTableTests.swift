import Testing
@testable import PlanCore

/// The scheduler's precomputed offsets agree with the zone database.
@Suite struct OffsetTableTests {
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "America/Sao_Paulo", "UTC"])
    func agreesWithTheZone(_ name: String) {
        let zone = SystemZone(identifier: name)!
        let start = Instant(seconds: 1_767_225_600)  // 2026-01-01T00:00:00Z
        let table = OffsetTable(zone: zone, covering: TimeRange(start: start, end: start + 2 * 366 * 86_400))
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5_000 {
            // Instants inside and just outside the table, and every minute near transitions.
            let t = start + rng.int64(-86_400...(2 * 366 * 86_400 + 86_400))
            #expect(table.offset(at: t) == zone.offset(at: t), "\(name) \(t.utcString)")
            let local = zone.local(t).adding(seconds: Int64(rng.int(-7200...7200)) / 60 * 60)
            #expect(table.resolve(local) == zone.resolve(local), "\(name) \(local)")
        }
        // Every local half hour of the DST-change days of 2026.
        for day in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01"] {
            for m in stride(from: 0, to: 1440, by: 30) {
                let local = LocalDateTime(date: LocalDate(iso: day)!, hour: m / 60, minute: m % 60)
                #expect(table.resolve(local) == zone.resolve(local), "\(name) \(local)")
            }
        }
    }
}
