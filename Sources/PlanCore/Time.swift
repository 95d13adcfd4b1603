import Foundation

/// An instant on the UTC time line, in whole seconds since 1970-01-01T00:00:00Z.
///
/// iCalendar (RFC 5545 §3.3.5) and the scheduler both work at one-second
/// resolution, so an integer keeps arithmetic exact and output reproducible.
package struct Instant: Hashable, Comparable, Sendable {
    package var seconds: Int64

    package init(seconds: Int64) { self.seconds = seconds }

    package static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }
    package static func + (a: Instant, d: Int64) -> Instant { Instant(seconds: a.seconds + d) }
    package static func - (a: Instant, d: Int64) -> Instant { Instant(seconds: a.seconds - d) }
    package static func - (a: Instant, b: Instant) -> Int64 { a.seconds - b.seconds }

    /// The same instant as a Foundation `Date`.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The local wall-clock reading of this instant at a fixed UTC offset.
    package func local(offset: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: seconds + Int64(offset))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    package var utcString: String { local(offset: 0).isoString + "Z" }
}

/// A half-open range of instants `[start, end)`.
///
/// Unlike Foundation's closed `DateInterval`, two back-to-back classes
/// (`[9:00, 10:00)` and `[10:00, 11:00)`) do not overlap.
package struct TimeRange: Hashable, Sendable, CustomStringConvertible {
    package var start: Instant
    package var end: Instant

    /// A range; `end` earlier than `start` is clamped to an empty range at `start`.
    package init(start: Instant, end: Instant) {
        self.start = start
        self.end = max(start, end)
    }

    package var duration: Int64 { end - start }
    package var isEmpty: Bool { start == end }

    /// True when `instant` lies in `[start, end)`.
    package func contains(_ instant: Instant) -> Bool { start <= instant && instant < end }

    /// True when the ranges share at least one instant. An empty range overlaps
    /// another when it lies inside it (`start` in `[other.start, other.end)`),
    /// the rule RFC 5545 §4.3.5 style queries use for zero-length events.
    package func overlaps(_ other: TimeRange) -> Bool {
        if isEmpty { return other.contains(start) || (other.isEmpty && other.start == start) }
        if other.isEmpty { return contains(other.start) }
        return start < other.end && other.start < end
    }

    /// The common part, or nil when they do not overlap.
    package func intersection(_ other: TimeRange) -> TimeRange? {
        let s = max(start, other.start), e = min(end, other.end)
        return s < e ? TimeRange(start: s, end: e) : nil
    }

    package var description: String { "[\(start.utcString), \(end.utcString))" }
}

/// A calendar date with no time zone (proleptic Gregorian).
package struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01.
    package init(daysSinceEpoch days: Int64) {
        // Civil-from-days (H. Hinnant's algorithm, public domain description).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// Days since 1970-01-01 (negative before).
    package var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    package var isoWeekday: Int {
        let d = daysSinceEpoch  // 1970-01-01 was a Thursday (4)
        return Int(((d + 3) % 7 + 7) % 7) + 1
    }

    package func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    /// True for a real calendar date (month 1–12, day within the month).
    package var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return LocalDate(daysSinceEpoch: daysSinceEpoch) == self
    }

    package static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    package var isoString: String {
        let y = year >= 1000 || year < 0 ? String(year) : String(String(year + 10_000).dropFirst())
        return y + "-" + pad2(month) + "-" + pad2(day)
    }

    package var description: String { isoString }

    /// Parses `YYYY-MM-DD` (or `YYYYMMDD`); nil when it is not a real date.
    package init?(iso text: some StringProtocol) {
        if let ascii = Self.parseASCII(text) {
            guard let date = ascii else { return nil }
            self = date
            return
        }
        let digits = String(text.filter { $0 != "-" })
        guard digits.count == 8, digits.allSatisfy(\.isASCIIDigit),
              let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
              let d = Int(digits.suffix(2)) else { return nil }
        if text.contains("-") && text.count != 10 { return nil }
        self.init(year: y, month: m, day: d)
        guard isValid else { return nil }
    }

    /// ``init(iso:)`` on the UTF-8 bytes when the text is ASCII (the same
    /// rules: eight digits once the dashes are dropped, ten characters when
    /// there is a dash, a real date): `.some(nil)` when it is not a date, nil
    /// when the text is not ASCII.
    private static func parseASCII(_ text: some StringProtocol) -> LocalDate?? {
        var digits = 0
        var value = (0, 0, 0)
        var count = 0
        var dash = false
        var bad = false
        for b in text.utf8 {
            if b >= 0x80 { return nil }
            count += 1
            if b == 0x2D {
                dash = true
            } else if b >= 0x30 && b <= 0x39 {
                let v = Int(b - 0x30)
                switch digits {
                case 0..<4: value.0 = value.0 * 10 + v
                case 4..<6: value.1 = value.1 * 10 + v
                case 6..<8: value.2 = value.2 * 10 + v
                default: break
                }
                digits += 1
            } else {
                bad = true
            }
        }
        if bad { return .some(nil) }
        guard digits == 8, !dash || count == 10 else { return .some(nil) }
        let date = LocalDate(year: value.0, month: value.1, day: value.2)
        return date.isValid ? .some(date) : .some(nil)
    }
}

/// A wall-clock reading with no zone: a date plus seconds into the day.
package struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var date: LocalDate
    /// Seconds since local midnight, 0 ..< 86 400.
    package var secondOfDay: Int

    package init(date: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.secondOfDay = hour * 3600 + minute * 60 + second
    }

    /// The reading at `s` seconds after 1970-01-01T00:00:00 (as if on UTC).
    package init(secondsSinceEpoch s: Int64) {
        let days = s >= 0 ? s / 86_400 : -((-s + 86_399) / 86_400)
        date = LocalDate(daysSinceEpoch: days)
        secondOfDay = Int(s - days * 86_400)
    }

    package var hour: Int { secondOfDay / 3600 }
    package var minute: Int { secondOfDay / 60 % 60 }
    package var second: Int { secondOfDay % 60 }

    /// Seconds since 1970-01-01T00:00:00 reading this wall clock as UTC.
    package var secondsSinceEpoch: Int64 { date.daysSinceEpoch * 86_400 + Int64(secondOfDay) }

    package func adding(seconds: Int64) -> LocalDateTime { LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds) }

    package static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }

    /// `YYYY-MM-DDTHH:MM:SS`.
    package var isoString: String { date.isoString + "T" + pad2(hour) + ":" + pad2(minute) + ":" + pad2(second) }
    /// `HH:MM`, the clock as people read it.
    package var hhmm: String { pad2(hour) + ":" + pad2(minute) }
    package var description: String { isoString }
}

func pad2(_ n: Int) -> String {
    let digits: [String] = ["00", "01", "02", "03", "04", "05", "06", "07", "08", "09"]
    return n < 10 && n >= 0 ? digits[n] : String(n)
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
