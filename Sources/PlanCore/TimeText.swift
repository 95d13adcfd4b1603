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

    /// A long stretch of time in days and hours (`6d 4h`, `2d`); under two days as
    /// ``ISODuration/humanString(_:)`` writes it (`36h`, `1h30m`). For slack, not for work.
    package static func stretch(_ seconds: Int64) -> String {
        guard seconds >= 2 * 86_400 else { return ISODuration.humanString(seconds) }
        let days = seconds / 86_400, hours = (seconds % 86_400) / 3_600
        return hours == 0 ? "\(days)d" : "\(days)d \(hours)h"
    }

    /// `s` for every count but one: `1 sitting`, `3 sittings`.
    package static func plural(_ n: Int) -> String { n == 1 ? "" : "s" }
}
