/// Days and times as every text rendering writes them, on the wall clock of a zone.
package enum TimeText {
    /// `09:00`.
    package static func clock(_ t: Instant, _ zone: some UTCOffsetProvider) -> String { zone.local(t).hhmm }

    /// `Tue 2026-11-24`.
    package static func day(_ d: LocalDate) -> String { "\(Weekday(d).shortName) \(d.isoString)" }

    /// `Tue 2026-11-24 09:00`.
    package static func dayAndTime(_ t: Instant, _ zone: some UTCOffsetProvider) -> String {
        let l = zone.local(t)
        return "\(day(l.date)) \(l.hhmm)"
    }

    /// A deadline: midnight reads as 24:00 of the day before (`Thu 2026-12-10 24:00`).
    package static func due(_ t: Instant, _ zone: some UTCOffsetProvider) -> String {
        let l = zone.local(t)
        guard l.secondOfDay == 0 else { return dayAndTime(t, zone) }
        return "\(day(l.date.adding(days: -1))) 24:00"
    }

    /// `s` for every count but one: `1 sitting`, `3 sittings`.
    package static func plural(_ n: Int) -> String { n == 1 ? "" : "s" }
}
