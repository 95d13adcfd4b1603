import Foundation

/// Why `--every` text is not a ``Recurrence``; carries the text as the user gave it.
package enum RecurrenceRefusal: Error, Hashable, Sendable {
    /// None of the accepted forms.
    case unreadable(String)
    /// A number of units outside 1 … `unit.maxInterval`.
    case interval(String, Recurrence.Unit)

    /// The message a face prints (exit 65), naming the value:
    /// `"every fortnite": expected day, week, 2 weeks, month, weekdays or days such as MO,WE`.
    package var message: String {
        switch self {
        case .unreadable(let text):
            "\(Self.quoted(text)): expected day, week, 2 weeks, month, weekdays or days such as MO,WE"
        case .interval(let text, let unit):
            "\(Self.quoted(text)): every 1 to \(unit.maxInterval) \(unit.rawValue)s"
        }
    }

    /// `"every …"` as the user would read the option back.
    private static func quoted(_ text: String) -> String {
        let t = text.trimmingCharacters(in: " ")
        return "\"" + (t.lowercased().hasPrefix("every") ? t : "every " + t) + "\""
    }
}

extension Recurrence {
    /// The rule `--every` text names; case-insensitive, spaces around and between words
    /// ignored, an optional leading `every`:
    /// - `day`, `daily`; `week`, `weekly`; `fortnight`, `fortnightly`, `biweekly` (every
    ///   2 weeks); `month`, `monthly`; `other day|week|month` (every 2);
    /// - a count and a unit: `3 days`, `3d`, `2 weeks`, `2w`, `2wk`, `6 months`;
    /// - days as ``HumanInput/days(_:)`` reads them (`MO,WE`, `mon,wed`, `tue`, `TR`, `MWF`),
    ///   also joined by `and` or `&` (`Monday and Wednesday`), or `weekdays` (MO–FR),
    ///   `weekends` (SA, SU): weekly on those days;
    /// - a weekly form, `on`, and days: `2 weeks on MO,WE`, `biweekly on tue`.
    ///
    /// Throws ``RecurrenceRefusal/interval(_:_:)`` for a count outside the unit's
    /// 1 … ``Unit/maxInterval``, ``RecurrenceRefusal/unreadable(_:)`` for anything else.
    package static func parse(_ text: String) throws(RecurrenceRefusal) -> Recurrence {
        let words = text.lowercased().split(separator: " ").map(String.init)
        var t = words.joined(separator: " ")
        if t.hasPrefix("every ") { t.removeFirst(6) }
        let parts = t.components(separatedBy: " on ")
        guard parts.count <= 2, let (interval, unit, days) = Self.read(parts[0]) else { throw .unreadable(text) }
        var onDays = days
        if parts.count == 2 {
            guard unit == .week, days.isEmpty, let listed = Self.days(parts[1]) else { throw .unreadable(text) }
            onDays = listed
        }
        guard let rule = Recurrence(every: interval, unit, on: onDays) else {
            throw (1...unit.maxInterval).contains(interval) ? .unreadable(text) : .interval(text, unit)
        }
        return rule
    }

    /// The interval, unit and days `text` (lowercased, single spaces, no `every`) names
    /// before any `on`; nil when it is no accepted form.
    private static func read(_ text: String) -> (Int, Unit, [Weekday])? {
        let words: [String: (Int, Unit)] = [
            "day": (1, .day), "daily": (1, .day), "week": (1, .week), "weekly": (1, .week),
            "fortnight": (2, .week), "fortnightly": (2, .week), "biweekly": (2, .week),
            "month": (1, .month), "monthly": (1, .month),
            "other day": (2, .day), "other week": (2, .week), "other month": (2, .month),
        ]
        if let (n, unit) = words[text] { return (n, unit, []) }
        let digits = text.prefix { $0.isASCIIDigit }
        if !digits.isEmpty {
            let units: [String: Unit] = ["d": .day, "day": .day, "days": .day, "w": .week, "wk": .week, "wks": .week,
                                         "week": .week, "weeks": .week, "month": .month, "months": .month]
            let rest = text.dropFirst(digits.count).trimmingCharacters(in: " ")
            // Long digit strings are still a count, just far too large.
            guard let unit = units[rest] else { return nil }
            return (digits.count > 6 ? Int.max : Int(digits)!, unit, [])
        }
        guard let days = Self.days(text) else { return nil }
        return (1, .week, days)
    }

    /// The longest `--start-before`: a year (366 days), in seconds.
    package static let maxStartBefore: Int64 = 366 * 86_400

    /// Seconds for `--start-before` text: whole days or weeks (`5d`, `5 days`, `1 day`, `2w`,
    /// `2 weeks`; case-insensitive, spaces ignored) or anything ``HumanInput/duration(_:)``
    /// reads (`36h`, `90m`, `PT12H`). Nil when it is none of those (a bare `5` too: days,
    /// hours or minutes?) or longer than ``maxStartBefore``.
    package static func startBefore(_ text: String) -> Int64? {
        let t = text.lowercased().filter { $0 != " " }
        let digits = t.prefix { $0.isASCIIDigit }
        let units: [String: Int64] = ["d": 86_400, "day": 86_400, "days": 86_400,
                                      "w": 604_800, "week": 604_800, "weeks": 604_800]
        let seconds: Int64?
        if !digits.isEmpty, digits.count <= 6, let unit = units[String(t.dropFirst(digits.count))] {
            seconds = Int64(digits)! * unit
        } else {
            seconds = HumanInput.duration(text)
        }
        guard let seconds, seconds <= maxStartBefore else { return nil }
        return seconds
    }

    /// Days for `weekdays`, `weekends`, or ``HumanInput/days(_:)`` with `and`/`&` as
    /// separators too.
    private static func days(_ text: String) -> [Weekday]? {
        switch text {
        case "weekdays": return [.monday, .tuesday, .wednesday, .thursday, .friday]
        case "weekends": return [.saturday, .sunday]
        default:
            let words = text.replacingOccurrences(of: "&", with: " ").split(separator: " ").filter { $0 != "and" }
            return words.isEmpty ? nil : HumanInput.days(words.joined(separator: " "))
        }
    }
}
