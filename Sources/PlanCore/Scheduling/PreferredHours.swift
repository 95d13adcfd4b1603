import Foundation

/// The hours of the day a student would rather work on a task: a soft wish
/// for balanced placement (rule 9 of the contract above ``TaskScheduler``),
/// never a limit. `--earliest`/`--latest` and the day window stay the limits.
package struct PreferredHours: Hashable, Sendable, CustomStringConvertible {
    /// The wish's start, wall clock.
    package var start: TimeOfDay
    /// Its end, wall clock (`24:00` allowed), after ``start``.
    package var end: TimeOfDay

    package init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// The named parts of the day and their hours.
    package static let named: [(name: String, hours: PreferredHours)] = [
        ("morning", PreferredHours(start: TimeOfDay(hour: 8), end: TimeOfDay(hour: 12))),
        ("afternoon", PreferredHours(start: TimeOfDay(hour: 12), end: TimeOfDay(hour: 17))),
        ("evening", PreferredHours(start: TimeOfDay(hour: 17), end: TimeOfDay(hour: 22))),
        // The whole day: no wish (a task's way to drop the policy's).
        ("any", PreferredHours(start: .startOfDay, end: .endOfDay)),
    ]

    /// What a message says is accepted.
    package static let accepted = "morning (08:00-12:00), afternoon (12:00-17:00), evening (17:00-22:00), any or HH:MM-HH:MM"

    /// Reads `morning`, `afternoon`, `evening`, `any` (any case) or `HH:MM-HH:MM`
    /// (an en dash too; `H:MM` for a one-digit hour; the end after the start,
    /// `24:00` allowed); nil for anything else.
    package init?(text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let n = Self.named.first(where: { $0.name == t }) {
            self = n.hours
            return
        }
        let parts = t.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "\u{2013}" }
        guard parts.count == 2 else { return nil }
        func clock(_ s: Substring, end: Bool) -> TimeOfDay? {
            let s = s.trimmingCharacters(in: .whitespaces)
            return TimeOfDay(hhmm: s.count == 4 ? "0" + s : s, allowEndOfDay: end)
        }
        guard let a = clock(parts[0], end: false), let b = clock(parts[1], end: true), b > a else { return nil }
        self.init(start: a, end: b)
    }

    /// The canonical text: a part of the day's name when the hours are one's, else `HH:MM-HH:MM`.
    package var text: String {
        Self.named.first { $0.hours == self }?.name ?? "\(start.hhmm)-\(end.hhmm)"
    }

    package var description: String { text }

    /// As a listing says it: `evening (17:00–22:00)`, `14:00–18:00`, `any hours`.
    package var phrase: String {
        let range = "\(start.hhmm)–\(end.hhmm)"
        switch text {
        case "any": return "any hours"
        case let name where !name.contains("-"): return "\(name) (\(range))"
        default: return range
        }
    }
}
