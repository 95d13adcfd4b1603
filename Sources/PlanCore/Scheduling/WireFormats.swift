/// ISO 8601 durations as the scheduling contract writes them (`PT1H30M`).
///
/// Durations are elapsed time: a day (`D`) is 24 hours and a week (`W`) 7 days;
/// years and months are not accepted because their length varies.
package enum ISODuration {
    /// Parses `P[nW][nD][T[nH][nM][nS]]` with whole numbers, at least one
    /// component, and `T` only before a time component. A leading `-` gives a
    /// negative value, so callers can reject it by name. nil when not a duration.
    package static func parse(_ text: String) -> Int64? {
        var u = Substring(text).utf8[...]
        var sign: Int64 = 1
        if u.first == UInt8(ascii: "-") {
            sign = -1
            u = u.dropFirst()
        } else if u.first == UInt8(ascii: "+") {
            u = u.dropFirst()
        }
        guard u.first == UInt8(ascii: "P") else { return nil }
        u = u.dropFirst()
        var total: Int64 = 0
        var inTime = false
        var components = 0
        // Designators in the order they must appear.
        let dateUnits: [(UInt8, Int64)] = [(UInt8(ascii: "W"), 604_800), (UInt8(ascii: "D"), 86_400)]
        let timeUnits: [(UInt8, Int64)] = [(UInt8(ascii: "H"), 3600), (UInt8(ascii: "M"), 60), (UInt8(ascii: "S"), 1)]
        var nextUnit = 0
        while let c = u.first {
            if c == UInt8(ascii: "T") {
                guard !inTime else { return nil }
                inTime = true
                nextUnit = 0
                u = u.dropFirst()
                guard !u.isEmpty else { return nil }
                continue
            }
            var value: Int64 = 0
            var digits = 0
            while let d = u.first, d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int64(d - UInt8(ascii: "0")))
                guard !o1, !o2 else { return nil }
                value = s
                digits += 1
                u = u.dropFirst()
            }
            guard digits > 0, let designator = u.first else { return nil }
            u = u.dropFirst()
            let units = inTime ? timeUnits : dateUnits
            guard let k = units[nextUnit...].firstIndex(where: { $0.0 == designator }) else { return nil }
            nextUnit = k + 1
            let (p, o3) = value.multipliedReportingOverflow(by: units[k].1)
            let (t, o4) = total.addingReportingOverflow(p)
            guard !o3, !o4 else { return nil }
            total = t
            components += 1
        }
        guard components > 0 else { return nil }
        return sign * total
    }

    /// The canonical form used in every response: hours and minutes only,
    /// hours never folded into days (`PT338H`, `PT5H`, `PT2H30M`, `PT45M`), and
    /// zero as `PT0M`. Seconds are dropped (whole minutes, rounded toward zero).
    package static func format(_ seconds: Int64) -> String {
        let negative = seconds < 0
        let minutes = abs(seconds) / 60
        let h = minutes / 60, m = minutes % 60
        var s = negative ? "-PT" : "PT"
        if h > 0 { s += "\(h)H" }
        if m > 0 || h == 0 { s += "\(m)M" }
        return s
    }

    /// The value ``format(_:)`` writes: whole minutes, rounded toward zero
    /// (what the edges keep of a duration given to the second).
    package static func wholeMinutes(_ seconds: Int64) -> Int64 { seconds / 60 * 60 }

    /// `2h30m`, `45m`, `0m`: the same value for people.
    package static func humanString(_ seconds: Int64) -> String {
        let minutes = abs(seconds) / 60
        let h = minutes / 60, m = minutes % 60
        let sign = seconds < 0 ? "-" : ""
        if h > 0 && m > 0 { return "\(sign)\(h)h\(pad2(Int(m)))m" }
        if h > 0 { return "\(sign)\(h)h" }
        return "\(sign)\(m)m"
    }
}

/// A date or date-time as the request writes `now`, `start` and `due`.
package enum WireTime: Hashable, Sendable {
    /// `YYYY-MM-DD`.
    case date(LocalDate)
    /// `YYYY-MM-DDTHH:MM[:SS]` with no offset: read in the request's zone.
    case local(LocalDateTime)
    /// A date-time with `Z` or `±HH:MM`: one instant.
    case instant(Instant)

    /// Parses `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS]` optionally followed by
    /// `Z`, `±HH:MM`, `±HHMM` or `±HH`. nil for anything else.
    package static func parse(_ text: String) -> WireTime? {
        let u = Array(text.utf8)
        guard u.count >= 10, let date = LocalDate(iso: String(decoding: u[0..<10], as: UTF8.self)),
              u[4] == UInt8(ascii: "-") else { return nil }
        if u.count == 10 { return .date(date) }
        guard u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: "t"), u.count >= 16,
              u[13] == UInt8(ascii: ":"),
              let h = twoDigits(u[11], u[12]), let mi = twoDigits(u[14], u[15]),
              h < 24, mi < 60 else { return nil }
        var i = 16
        var sec = 0
        if i < u.count, u[i] == UInt8(ascii: ":") {
            guard i + 2 < u.count, let s = twoDigits(u[i + 1], u[i + 2]), s < 60 else { return nil }
            sec = s
            i += 3
        }
        let local = LocalDateTime(date: date, hour: h, minute: mi, second: sec)
        if i == u.count { return .local(local) }
        let rest = Array(u[i...])
        if rest == [UInt8(ascii: "Z")] || rest == [UInt8(ascii: "z")] {
            return .instant(Instant(seconds: local.secondsSinceEpoch))
        }
        guard rest[0] == UInt8(ascii: "+") || rest[0] == UInt8(ascii: "-") else { return nil }
        let sign = rest[0] == UInt8(ascii: "-") ? -1 : 1
        let body = Array(rest[1...])
        var oh = 0, om = 0
        switch body.count {
        case 2:
            guard let x = twoDigits(body[0], body[1]) else { return nil }
            oh = x
        case 4:
            guard let x = twoDigits(body[0], body[1]), let y = twoDigits(body[2], body[3]) else { return nil }
            oh = x
            om = y
        case 5:
            guard body[2] == UInt8(ascii: ":"), let x = twoDigits(body[0], body[1]),
                  let y = twoDigits(body[3], body[4]) else { return nil }
            oh = x
            om = y
        default:
            return nil
        }
        guard oh < 24, om < 60 else { return nil }
        let offset = sign * (oh * 3600 + om * 60)
        return .instant(Instant(seconds: local.secondsSinceEpoch - Int64(offset)))
    }
}

/// `YYYY-MM-DDTHH:MM:SS±HH:MM`: the instant on the wall clock of `zone`, with
/// the offset in effect at that instant (the form every response time takes).
package func wireString(_ instant: Instant, in zone: some UTCOffsetProvider) -> String {
    let offset = zone.offset(at: instant)
    return instant.local(offset: offset).isoString + formatOffset(offset)
}
