import Foundation

/// The hours of the day a student would rather work on a task: a soft wish
/// for balanced placement (rule 9 of the contract above ``TaskScheduler``),
/// never a limit. `--earliest`/`--latest` and the day window stay the limits.
package struct PreferredHours: Hashable, Sendable, CustomStringConvertible {
    /// The hours, wall clock.
    package var window: DayWindow
    package var start: TimeOfDay { window.start }
    package var end: TimeOfDay { window.end }

    package init(start: TimeOfDay, end: TimeOfDay) { window = DayWindow(start: start, end: end) }

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
    /// (as ``DayWindow/init(text:)`` reads it); nil for anything else.
    package init?(text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let n = Self.named.first(where: { $0.name == t }) {
            self = n.hours
            return
        }
        guard let w = DayWindow(text: t) else { return nil }
        window = w
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
