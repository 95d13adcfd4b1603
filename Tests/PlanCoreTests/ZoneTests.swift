import Foundation
import PlanCore
import Testing

/// Local ↔ UTC conversion (RFC 5545 §3.3.5), calendar-date arithmetic and
/// half-open time ranges. Expected values were computed by hand and checked
/// with Python's `zoneinfo` (fold=0 is the RFC's reading: the offset before
/// a gap, the first of two repeated times).
@Suite struct ZoneTests {
    static func zone(_ name: String) -> SystemZone {
        guard let z = SystemZone(identifier: name) else { fatalError("no zone \(name) on this system") }
        return z
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` as a wall-clock reading.
    static func local(_ text: String) -> LocalDateTime {
        guard case .local(let l)? = DateText.parse(text) else { fatalError("bad local time \(text)") }
        return l
    }

    /// An instant from `YYYY-MM-DDTHH:MM:SSZ`.
    static func at(_ text: String) -> Instant {
        guard case .instant(let i)? = DateText.parse(text) else { fatalError("bad instant \(text)") }
        return i
    }

    static func utc(_ zone: String, _ local: String) -> String {
        Self.zone(zone).resolve(Self.local(local)).utcString
    }

    // MARK: resolve

    @Test(arguments: [
        // Ordinary times: EST (−5) in winter, EDT (−4) in summer; CET (+1), CEST (+2).
        ("America/New_York", "2026-01-15T09:00", "2026-01-15T14:00:00Z"),
        ("America/New_York", "2026-07-15T09:00", "2026-07-15T13:00:00Z"),
        ("Europe/Berlin", "2026-01-15T09:00", "2026-01-15T08:00:00Z"),
        ("Europe/Berlin", "2026-07-15T09:00", "2026-07-15T07:00:00Z"),
        ("UTC", "2026-03-29T02:30", "2026-03-29T02:30:00Z"),
    ])
    func ordinaryLocalTimes(zone: String, local: String, expected: String) {
        #expect(Self.utc(zone, local) == expected)
    }

    /// Spring forward: 02:00–02:59:59 does not exist; it is read with the
    /// offset before the gap, so it lands an hour later on the clock.
    @Test(arguments: [
        ("America/New_York", "2026-03-08T01:59:59", "2026-03-08T06:59:59Z"),
        ("America/New_York", "2026-03-08T02:00", "2026-03-08T07:00:00Z"),
        ("America/New_York", "2026-03-08T02:30", "2026-03-08T07:30:00Z"),
        ("America/New_York", "2026-03-08T02:59:59", "2026-03-08T07:59:59Z"),
        ("America/New_York", "2026-03-08T03:00", "2026-03-08T07:00:00Z"),
        ("Europe/Berlin", "2026-03-29T01:59:59", "2026-03-29T00:59:59Z"),
        ("Europe/Berlin", "2026-03-29T02:00", "2026-03-29T01:00:00Z"),
        ("Europe/Berlin", "2026-03-29T02:30", "2026-03-29T01:30:00Z"),
        ("Europe/Berlin", "2026-03-29T03:00", "2026-03-29T01:00:00Z"),
        // Southern hemisphere (AEST +10 → AEDT +11 on Oct 4), and a 30-minute change.
        ("Australia/Sydney", "2026-10-04T02:30", "2026-10-03T16:30:00Z"),
        ("Australia/Lord_Howe", "2026-10-04T02:15", "2026-10-03T15:45:00Z"),
    ])
    func gap(zone: String, local: String, expected: String) {
        #expect(Self.utc(zone, local) == expected)
    }

    /// Fall back: 01:00–01:59:59 (New York) and 02:00–02:59:59 (Berlin)
    /// happen twice; the first (daylight-time) one is meant.
    @Test(arguments: [
        ("America/New_York", "2026-11-01T00:59:59", "2026-11-01T04:59:59Z"),
        ("America/New_York", "2026-11-01T01:00", "2026-11-01T05:00:00Z"),
        ("America/New_York", "2026-11-01T01:30", "2026-11-01T05:30:00Z"),
        ("America/New_York", "2026-11-01T01:59:59", "2026-11-01T05:59:59Z"),
        ("America/New_York", "2026-11-01T02:00", "2026-11-01T07:00:00Z"),
        ("Europe/Berlin", "2026-10-25T01:59:59", "2026-10-24T23:59:59Z"),
        ("Europe/Berlin", "2026-10-25T02:00", "2026-10-25T00:00:00Z"),
        ("Europe/Berlin", "2026-10-25T02:30", "2026-10-25T00:30:00Z"),
        ("Europe/Berlin", "2026-10-25T03:00", "2026-10-25T02:00:00Z"),
        ("Australia/Sydney", "2026-04-05T02:30", "2026-04-04T15:30:00Z"),
        ("Australia/Lord_Howe", "2026-04-05T01:45", "2026-04-04T14:45:00Z"),
    ])
    func overlap(zone: String, local: String, expected: String) {
        #expect(Self.utc(zone, local) == expected)
    }

    /// For every quarter hour of 2026: reading an instant's wall clock back
    /// gives an instant with the same wall clock, no later than it (equal
    /// except in the second pass of a repeated hour, which maps to the first).
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata"])
    func resolveInvertsLocal(zone name: String) {
        let z = Self.zone(name)
        let start = Self.zone("UTC").resolve(Self.local("2026-01-01T00:00"))
        var mismatches: [String] = []
        var earlier = 0
        for step in 0..<(366 * 96) {
            let t = start + Int64(step) * 900
            let wall = z.local(t)
            let back = z.resolve(wall)
            if z.local(back) != wall || back > t { mismatches.append("\(t.utcString) → \(wall) → \(back.utcString)") }
            if back < t { earlier += 1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        // Only the repeated hour (or half hour at Lord Howe) maps earlier; Kolkata has none.
        let repeated = ["America/New_York": 4, "Europe/Berlin": 4, "Australia/Lord_Howe": 2, "Asia/Kolkata": 0]
        #expect(earlier == repeated[name])
    }

    @Test func fixedOffsetZone() {
        let z = FixedOffsetZone(seconds: -5 * 3600)
        #expect(z.resolve(Self.local("2026-03-08T02:30")).utcString == "2026-03-08T07:30:00Z")
        #expect(z.local(Self.at("2026-03-08T07:30:00Z")) == Self.local("2026-03-08T02:30"))
        #expect(formatOffset(-5 * 3600) == "-05:00")
        #expect(formatOffset(5 * 3600 + 1800) == "+05:30")
        #expect(formatOffset(0) == "+00:00")
    }

    @Test func localOfAnInstant() {
        let ny = Self.zone("America/New_York")
        #expect(ny.local(Self.at("2026-11-01T05:30:00Z")) == Self.local("2026-11-01T01:30"))
        #expect(ny.local(Self.at("2026-11-01T06:30:00Z")) == Self.local("2026-11-01T01:30"))
        #expect(ny.local(Self.at("2026-03-08T07:00:00Z")) == Self.local("2026-03-08T03:00"))
        #expect(ny.offset(at: Self.at("2026-03-08T06:59:59Z")) == -5 * 3600)
        #expect(ny.offset(at: Self.at("2026-03-08T07:00:00Z")) == -4 * 3600)
    }

    // MARK: LocalDate

    @Test(arguments: [
        ("1970-01-01", 0, 4), ("1969-12-31", -1, 3), ("1969-12-28", -4, 7), ("2000-03-01", 11_017, 3),
        ("2026-01-05", 20_458, 1), ("1600-03-01", -135_080, 3), ("0001-01-01", -719_162, 1), ("9999-12-31", 2_932_896, 5),
    ])
    func daysSinceEpochAndWeekday(iso: String, days: Int64, weekday: Int) throws {
        let d = try #require(LocalDate(iso: iso))
        #expect(d.daysSinceEpoch == days)
        #expect(LocalDate(daysSinceEpoch: days) == d)
        #expect(d.isoWeekday == weekday)
        #expect(d.isoString == iso)
    }

    @Test func dayArithmeticRoundTrips() {
        var previous = LocalDate(daysSinceEpoch: -800_001)
        for days in Int64(-800_000)...Int64(800_000) where days % 7 == 0 || days.magnitude < 1000 {
            let d = LocalDate(daysSinceEpoch: days)
            if !d.isValid || d.daysSinceEpoch != days || !(previous < d) {
                Issue.record("day \(days): \(d) (after \(previous))")
                return
            }
            previous = d
        }
    }

    @Test(arguments: [
        ("2024-02-28", 1, "2024-02-29"), ("2024-02-28", 2, "2024-03-01"), ("2025-02-28", 1, "2025-03-01"),
        ("2000-02-28", 1, "2000-02-29"), ("1900-02-28", 1, "1900-03-01"), ("2026-12-31", 1, "2027-01-01"),
        ("2026-03-01", -1, "2026-02-28"), ("2026-01-01", -1, "2025-12-31"), ("2026-01-05", 7, "2026-01-12"),
        ("2026-01-31", 31, "2026-03-03"), ("2026-01-05", 365, "2027-01-05"), ("2028-01-05", 366, "2029-01-05"),
        ("2026-06-15", 0, "2026-06-15"),
    ])
    func addingDays(from: String, days: Int, to: String) throws {
        let d = try #require(LocalDate(iso: from))
        #expect(d.adding(days: days).isoString == to)
        #expect(d.adding(days: days).adding(days: -days) == d)
    }

    @Test func weekdaysRunMondayToSunday() throws {
        let monday = try #require(LocalDate(iso: "2026-03-23"))
        #expect((0..<14).map { monday.adding(days: $0).isoWeekday } == [1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7])
        #expect(try #require(LocalDate(iso: "2024-02-29")).isoWeekday == 4)
        #expect(try #require(LocalDate(iso: "2000-01-01")).isoWeekday == 6)
    }

    @Test func validityAndParsing() {
        #expect(LocalDate(year: 2024, month: 2, day: 29).isValid)
        #expect(LocalDate(year: 2000, month: 2, day: 29).isValid)
        #expect(!LocalDate(year: 2025, month: 2, day: 29).isValid)
        #expect(!LocalDate(year: 1900, month: 2, day: 29).isValid)
        #expect(!LocalDate(year: 2026, month: 4, day: 31).isValid)
        #expect(!LocalDate(year: 2026, month: 13, day: 1).isValid)
        #expect(!LocalDate(year: 2026, month: 0, day: 10).isValid)
        #expect(!LocalDate(year: 2026, month: 1, day: 0).isValid)
        #expect(LocalDate(iso: "20260105") == LocalDate(year: 2026, month: 1, day: 5))
        #expect(LocalDate(iso: "2026-01-05") == LocalDate(year: 2026, month: 1, day: 5))
        #expect(LocalDate(iso: "2026-1-5") == nil)
        #expect(LocalDate(iso: "2026-02-30") == nil)
        #expect(LocalDate(iso: "2026-13-01") == nil)
        #expect(LocalDate(year: 2025, month: 12, day: 31) < LocalDate(year: 2026, month: 1, day: 1))
    }

    @Test func localDateTimeFromSecondsBeforeTheEpoch() {
        let l = LocalDateTime(secondsSinceEpoch: -1)
        #expect(l.isoString == "1969-12-31T23:59:59")
        #expect(l.secondsSinceEpoch == -1)
        #expect(LocalDateTime(secondsSinceEpoch: -86_400).isoString == "1969-12-31T00:00:00")
        #expect(Self.local("2026-03-29T23:30").adding(seconds: 3600).isoString == "2026-03-30T00:30:00")
    }

    // MARK: TimeRange

    static func range(_ from: String, _ to: String) -> TimeRange {
        TimeRange(start: Self.at(from), end: Self.at(to))
    }

    /// Back-to-back classes [09:00, 10:00) and [10:00, 11:00) do not overlap.
    @Test func backToBackRangesDoNotOverlap() {
        let a = Self.range("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")
        let b = Self.range("2026-01-05T10:00:00Z", "2026-01-05T11:00:00Z")
        #expect(!a.overlaps(b))
        #expect(!b.overlaps(a))
        #expect(a.intersection(b) == nil)
        #expect(a.contains(Self.at("2026-01-05T09:00:00Z")))
        #expect(!a.contains(Self.at("2026-01-05T10:00:00Z")))
        #expect(a.contains(Self.at("2026-01-05T09:59:59Z")))
    }

    @Test func overlappingRanges() {
        let a = Self.range("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")
        let b = Self.range("2026-01-05T09:59:59Z", "2026-01-05T11:00:00Z")
        #expect(a.overlaps(b) && b.overlaps(a))
        #expect(a.intersection(b) == Self.range("2026-01-05T09:59:59Z", "2026-01-05T10:00:00Z"))
        let inner = Self.range("2026-01-05T09:15:00Z", "2026-01-05T09:45:00Z")
        #expect(a.overlaps(inner) && inner.overlaps(a))
        #expect(a.intersection(inner) == inner)
        #expect(a.overlaps(a))
    }

    /// A zero-length range (a deadline, an event with no DTEND) overlaps a
    /// range it lies inside, including at its start, but not at its end.
    @Test func zeroLengthRanges() {
        let a = Self.range("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")
        let inside = Self.range("2026-01-05T09:30:00Z", "2026-01-05T09:30:00Z")
        let atStart = Self.range("2026-01-05T09:00:00Z", "2026-01-05T09:00:00Z")
        let atEnd = Self.range("2026-01-05T10:00:00Z", "2026-01-05T10:00:00Z")
        #expect(inside.isEmpty && inside.duration == 0)
        #expect(inside.overlaps(a) && a.overlaps(inside))
        #expect(atStart.overlaps(a) && a.overlaps(atStart))
        #expect(!atEnd.overlaps(a) && !a.overlaps(atEnd))
        #expect(inside.overlaps(inside))
        #expect(!inside.overlaps(atStart))
        #expect(!inside.contains(Self.at("2026-01-05T09:30:00Z")))
    }

    /// An end before the start is clamped to an empty range at the start.
    @Test func endBeforeStartIsClamped() {
        let r = Self.range("2026-01-05T10:00:00Z", "2026-01-05T09:00:00Z")
        #expect(r.isEmpty)
        #expect(r.end == r.start)
        #expect(r.start == Self.at("2026-01-05T10:00:00Z"))
        #expect(Self.range("2026-01-05T09:00:00Z", "2026-01-05T10:30:00Z").duration == 5400)
        #expect(Self.range("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z").description
            == "[2026-01-05T09:00:00Z, 2026-01-05T10:00:00Z)")
    }
}
