/// What people type on the command line: `90m`, `1h30m`, `1.5h`, `PT1H30M`;
/// `today`, `tomorrow`, `fri`, `+3d`, `2026-12-10`, `2026-12-10T17:00`.
package enum HumanInput {
    /// Seconds for `90m`, `1h30m`, `1.5h`, `2h`, `45` (minutes) or an ISO 8601
    /// duration; nil when it is none of those or negative.
    package static func duration(_ text: String) -> Int64? {
        let t = text.trimmingCharacters(in: " ").lowercased()
        if t.hasPrefix("p") || t.hasPrefix("-p") {
            guard let v = ISODuration.parse(t.uppercased()), v >= 0 else { return nil }
            return v
        }
        if !t.isEmpty, t.allSatisfy(\.isASCIIDigit) { return Int64(t).map { $0 * 60 } }
        var total: Double = 0
        var number = ""
        var sawUnit = false
        var i = t.startIndex
        while i < t.endIndex {
            let c = t[i]
            if c.isASCIIDigit || c == "." {
                number.append(c)
            } else {
                let rest = t[i...]
                let unit: (String, Double)? = [("hours", 3600.0), ("hour", 3600), ("hrs", 3600), ("hr", 3600), ("h", 3600),
                                               ("minutes", 60), ("minute", 60), ("mins", 60), ("min", 60), ("m", 60)]
                    .first { rest.hasPrefix($0.0) }
                guard let unit, let v = Double(number), v >= 0 else { return nil }
                total += v * unit.1
                number = ""
                sawUnit = true
                i = t.index(i, offsetBy: unit.0.count)
                continue
            }
            i = t.index(after: i)
        }
        guard number.isEmpty, sawUnit, total <= 1e9 else { return nil }
        return Int64((total / 60).rounded()) * 60
    }

    /// A date or date-time relative to `now` in `zone`: `today`, `tomorrow`,
    /// a weekday name or its first three letters (the next such day, never
    /// today), `+3d` / `+2w`, or ISO 8601. Returns the parsed value for the
    /// caller to place (dates stay dates).
    package static func date(_ text: String, now: Instant, zone: some UTCOffsetProvider) -> DateText.Value? {
        let t = text.trimmingCharacters(in: " ").lowercased()
        let today = zone.local(now).date
        switch t {
        case "today": return .date(today)
        case "tomorrow": return .date(today.adding(days: 1))
        case "yesterday": return .date(today.adding(days: -1))
        default: break
        }
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if t.count >= 3, let k = names.firstIndex(where: { $0.hasPrefix(t) }) {
            var ahead = (k + 1) - today.isoWeekday
            if ahead <= 0 { ahead += 7 }
            return .date(today.adding(days: ahead))
        }
        if t.hasPrefix("+"), let unit = t.last, "dw".contains(unit), let n = Int(t.dropFirst().dropLast()), n >= 0, n < 100_000 {
            return .date(today.adding(days: unit == "w" ? n * 7 : n))
        }
        if let v = DateText.parse(text.trimmingCharacters(in: " ").replacingSpace()) { return v }
        // A day and a time of day: `fri 23:59`, `tomorrow 9am`, `2026-12-04 17:00`.
        let words = t.split(separator: " ")
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
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let letters: [Character: Weekday] = ["m": .monday, "t": .tuesday, "w": .wednesday, "r": .thursday, "f": .friday, "s": .saturday, "u": .sunday]
        var out: [Weekday] = []
        func add(_ d: Weekday) { if !out.contains(d) { out.append(d) } }
        let parts = text.lowercased().split(whereSeparator: { $0 == "," || $0 == " " })
        guard !parts.isEmpty, parts.count <= 14 else { return nil }
        for part in parts {
            if let d = Weekday.allCases.first(where: { $0.code.lowercased() == part }) {
                add(d)
            } else if part.count >= 3, let k = names.firstIndex(where: { $0 == part || ($0.hasPrefix(part) && part.count == 3) }) {
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
