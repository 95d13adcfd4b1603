/// What people type on the command line: `90m`, `1h30m`, `1.5h`, `1 hr 30 min`, `PT1H30M`;
/// `today`, `tmrw`, `fri`, `next fri`, `feb 20`, `+3d`, `2026-12-10`, `2026-12-10T17:00`.
package enum HumanInput {
    /// Seconds for a number and a unit, or several: `90m`, `1h30m`, `1.5h`, `3 hours`,
    /// `1 hr 30 min`, `2 hours 15 minutes`, `90mins` (spaces allowed between a number and
    /// its unit and between parts), `0`, or an ISO 8601 duration (`PT1H30M`). Nil when it
    /// is none of those or negative — and for a bare number other than zero (`3`), which
    /// could be hours or minutes (``isBareNumber(_:)`` tells the caller why).
    package static func duration(_ text: String) -> Int64? {
        let t = text.trimmingCharacters(in: " ").lowercased()
        if t.hasPrefix("p") || t.hasPrefix("-p") {
            guard let v = ISODuration.parse(t.uppercased()), v >= 0 else { return nil }
            return v
        }
        if let v = number(t) { return v == 0 ? 0 : nil }
        var total: Double = 0
        var rest = Substring(t)
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCIIDigit || $0 == "." }
            rest = rest.dropFirst(digits.count).drop { $0 == " " }
            let word = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(word.count).drop { $0 == " " }
            guard let v = Double(digits), v >= 0, let unit = durationUnits[String(word)] else { return nil }
            total += v * unit
        }
        guard !t.isEmpty, total <= 1e9 else { return nil }
        return Int64((total / 60).rounded()) * 60
    }

    /// True when `text` is only a number other than zero (`3`, `1.5`): a duration without
    /// its unit, which could be hours or minutes.
    package static func isBareNumber(_ text: String) -> Bool {
        number(text.trimmingCharacters(in: " ")).map { $0 != 0 } ?? false
    }

    /// The value of `text` when it is digits with at most one point (`3`, `1.5`, `.5`).
    private static func number(_ text: String) -> Double? {
        guard text.contains(where: \.isASCIIDigit), text.allSatisfy({ $0.isASCIIDigit || $0 == "." }) else {
            return nil
        }
        return Double(text)
    }

    /// The units a duration's number may carry, in seconds.
    private static let durationUnits: [String: Double] = [
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    ]

    /// A date or date-time relative to `now` in `zone`: `today`, `tomorrow` (`tmrw`, `tmr`),
    /// a weekday name or its first three letters (the next such day, never today),
    /// `next fri` / `next friday` (that day in the next Monday–Sunday week: the first one
    /// after the coming Sunday, so on a Monday it is eleven days ahead, not four),
    /// `feb 20` / `20 feb` / `february 20` (the next such date on or after today: this
    /// year's, or next year's once it has passed), `+3d` / `+2w`, or ISO 8601; any of the
    /// days may be followed by a time of day (`fri 23:59`). Returns the parsed value for
    /// the caller to place (dates stay dates). A date with a slash (`12/4`) is nil: it
    /// reads as 4 Dec or 12 Apr (``slashReadings(_:now:zone:)`` names both).
    package static func date(_ text: String, now: Instant, zone: some UTCOffsetProvider) -> DateText.Value? {
        let t = text.trimmingCharacters(in: " ").lowercased()
        let today = zone.local(now).date
        switch t {
        case "today": return .date(today)
        case "tomorrow", "tmrw", "tmr": return .date(today.adding(days: 1))
        case "yesterday": return .date(today.adding(days: -1))
        default: break
        }
        if let k = weekday(t) {
            var ahead = k - today.isoWeekday
            if ahead <= 0 { ahead += 7 }
            return .date(today.adding(days: ahead))
        }
        let words = t.split(separator: " ")
        if words.count == 2, words[0] == "next", let k = weekday(words[1]) {
            // The Monday after this week's Sunday, then the day in that week.
            return .date(today.adding(days: 8 - today.isoWeekday + k - 1))
        }
        if words.count == 2,
           let d = monthDay(words[0], words[1], onOrAfter: today) ?? monthDay(words[1], words[0], onOrAfter: today) {
            return .date(d)
        }
        if t.hasPrefix("+"), let unit = t.last, "dw".contains(unit), let n = Int(t.dropFirst().dropLast()), n >= 0, n < 100_000 {
            return .date(today.adding(days: unit == "w" ? n * 7 : n))
        }
        if let v = DateText.parse(text.trimmingCharacters(in: " ").replacingSpace()) { return v }
        // A day and a time of day: `fri 23:59`, `tomorrow 9am`, `2026-12-04 17:00`.
        if words.count >= 2 {
            for cut in [words.count - 1, words.count - 2] where cut >= 1 {
                let day = words[..<cut].joined(separator: " "), time = words[cut...].joined(separator: " ")
                if !day.contains(":"), case .date(let d)? = date(day, now: now, zone: zone),
                   let minutes = clock(time, allow24: true) {
                    return .local(LocalDateTime(date: d).adding(seconds: Int64(minutes) * 60))
                }
            }
        }
        return nil
    }

    /// The readings of a date written with slashes, `12/4` or `12/4/2027`: month first
    /// (4 Dec) and day first (12 Apr), each a real date — without a year, the next on or
    /// after today. One reading when the other is no date (`12/25`) or the same (`5/5`);
    /// nil when `text` is not numbers and slashes.
    package static func slashReadings(_ text: String, now: Instant, zone: some UTCOffsetProvider) -> [LocalDate]? {
        let parts = text.trimmingCharacters(in: " ").split(separator: "/", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              parts[0].count <= 2, parts[1].count <= 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        if parts.count == 3, parts[2].count != 4 { return nil }
        let year = parts.count == 3 ? Int(parts[2]) : nil
        let today = zone.local(now).date
        var out: [LocalDate] = []
        for (month, day) in [(a, b), (b, a)] {
            let d = year.map { LocalDate(year: $0, month: month, day: day) }
                ?? upcoming(month: month, day: day, onOrAfter: today)
            if let d, d.isValid, !out.contains(d) { out.append(d) }
        }
        return out
    }

    /// Tomorrow and the coming Friday (never today) from `now` in `zone`: days near at hand
    /// for the examples a message quotes.
    package static func nearDays(now: Instant, zone: some UTCOffsetProvider)
        -> (tomorrow: LocalDate, friday: LocalDate) {
        let today = zone.local(now).date
        let ahead = (5 - today.isoWeekday + 7) % 7
        return (today.adding(days: 1), today.adding(days: ahead == 0 ? 7 : ahead))
    }

    /// `dec` for 12: the three letters of a month's name, as ``date(_:now:zone:)`` reads them.
    package static func monthAbbreviation(_ month: Int) -> String {
        String(monthNames[month - 1].prefix(3))
    }

    private static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"]

    /// The ISO weekday (1 = Monday) `word` names: a day's name or its first three letters or more.
    private static func weekday(_ word: some StringProtocol) -> Int? {
        guard word.count >= 3, let k = weekdayNames.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return k + 1
    }

    /// The date of `monthWord dayWord` (`feb 20`, `february 20th`) next on or after `today`.
    private static func monthDay(_ monthWord: Substring, _ dayWord: Substring,
                                 onOrAfter today: LocalDate) -> LocalDate? {
        let digits = dayWord.prefix(while: \.isASCIIDigit)
        guard monthWord.count >= 3, let k = monthNames.firstIndex(where: { $0.hasPrefix(monthWord) }),
              (1...2).contains(digits.count), let day = Int(digits),
              ["", "st", "nd", "rd", "th"].contains(dayWord.dropFirst(digits.count)) else { return nil }
        return upcoming(month: k + 1, day: day, onOrAfter: today)
    }

    /// This year's `month`/`day` when it is today or later, else next year's; nil when it is no date.
    private static func upcoming(month: Int, day: Int, onOrAfter today: LocalDate) -> LocalDate? {
        for year in [today.year, today.year + 1] {
            let d = LocalDate(year: year, month: month, day: day)
            guard d.isValid else { continue }
            if d >= today { return d }
        }
        return nil
    }

    /// Minutes after midnight for `09:00`, `9:00`, `9am`, `9 am`, `9:30pm`,
    /// `12am` (0), `12pm` (noon), `noon`, or `24:00` (1440) when `allow24`;
    /// nil for anything else.
    package static func clock(_ text: String, allow24: Bool = false) -> Int? {
        var t = text.trimmingCharacters(in: " ").lowercased()
        if t == "noon" { return 720 }
        if t == "midnight" { return allow24 ? 1440 : 0 }
        var half: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where t.hasSuffix(suffix) {
            half = String(suffix.prefix(1))
            t = String(t.dropLast(suffix.count)).trimmingCharacters(in: " ")
            break
        }
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
              var h = Int(parts[0]) else { return nil }
        let m = parts.count == 2 ? Int(parts[1])! : 0
        // A bare hour needs am/pm (`9` is a duration elsewhere); minutes are two digits.
        guard m < 60, parts.count == 2 ? parts[1].count == 2 : half != nil else { return nil }
        if let half {
            guard (1...12).contains(h) else { return nil }
            h = h % 12 + (half == "p" ? 12 : 0)
        }
        if allow24, h == 24, m == 0 { return 1440 }
        guard h < 24 else { return nil }
        return h * 60 + m
    }

    /// The days of `text`: codes (`MO` … `SU`), names or their first three
    /// letters (`Friday`, `fri`), or the one-letter forms timetables print
    /// run together (`M T W R F S U`: `TR`, `MWF`, `F`); several separated by
    /// commas or spaces. Nil when any part is none of these.
    package static func days(_ text: String) -> [Weekday]? {
        let letters: [Character: Weekday] = ["m": .monday, "t": .tuesday, "w": .wednesday, "r": .thursday, "f": .friday, "s": .saturday, "u": .sunday]
        var out: [Weekday] = []
        func add(_ d: Weekday) { if !out.contains(d) { out.append(d) } }
        let parts = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " })
        guard !parts.isEmpty, parts.count <= 14 else { return nil }
        for part in parts {
            if let d = Weekday.allCases.first(where: { $0.code.lowercased() == part }) {
                add(d)
            } else if part.count >= 3, let k = weekdayNames.firstIndex(where: { $0 == part || ($0.hasPrefix(part) && part.count == 3) }) {
                add(Weekday.allCases[k])
            } else if part.count <= 7, part.allSatisfy({ letters[$0] != nil }) {
                for c in part { add(letters[c]!) }
            } else {
                return nil
            }
        }
        return out
    }
}

extension String {
    /// `2026-12-10 17:00` → `2026-12-10T17:00`.
    fileprivate func replacingSpace() -> String {
        guard count > 10, let i = firstIndex(of: " ") else { return self }
        var s = self
        s.replaceSubrange(i...i, with: "T")
        return s
    }
}
