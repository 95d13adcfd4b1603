import Foundation

/// A local time-of-day range, `start` ≤ `end` (`24:00` allowed as the end):
/// a group's `--between`, a member's day, a task's preferred hours.
package struct DayWindow: Hashable, Sendable, CustomStringConvertible {
    package var start: TimeOfDay
    package var end: TimeOfDay

    package init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// Reads `HH:MM-HH:MM` (an en dash too; `H:MM` for a one-digit hour;
    /// the end after the start, `24:00` allowed); nil for anything else.
    package init?(text: String) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "\u{2013}" }
        guard parts.count == 2 else { return nil }
        func clock(_ s: Substring, end: Bool) -> TimeOfDay? {
            let s = s.trimmingCharacters(in: .whitespaces)
            return TimeOfDay(hhmm: s.count == 4 ? "0" + s : s, allowEndOfDay: end)
        }
        guard let a = clock(parts[0], end: false), let b = clock(parts[1], end: true), b > a else { return nil }
        self.init(start: a, end: b)
    }

    /// The whole day, `00:00–24:00`.
    package static let wholeDay = DayWindow(start: .startOfDay, end: .endOfDay)

    /// The part of the day both windows allow (nil when they do not meet).
    package func intersection(_ other: DayWindow) -> DayWindow? {
        let s = max(start, other.start), e = min(end, other.end)
        return s < e ? DayWindow(start: s, end: e) : nil
    }

    package var description: String { "\(start)–\(end)" }
}
