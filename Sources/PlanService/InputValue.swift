import Foundation
import PlanCore

/// The readers of the values a user or an editor types — a duration, a day
/// or time, a time of day — with the limits and the wording both faces use.
package enum InputValue {
    /// `6h`, `90m`, `1h30m`, `1.5h`, `PT1H30M` → seconds, in whole minutes
    /// (what the canonical ISO form keeps); zero or more, at most
    /// ``InputLimits/maxDuration``.
    /// A margin of time: a ``duration(_:field:)``, or whole days (`1d`, `2d`).
    package static func margin(_ text: String, field: String) throws(InputError) -> Int64 {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasSuffix("d"), let days = Int64(t.dropLast()), days >= 0 {
            guard days <= InputLimits.maxDuration / 86_400 else {
                throw InputError(field, "\"\(text)\" is longer than \(InputLimits.maxDuration / 3600) hours, the most plan accepts")
            }
            return days * 86_400
        }
        do {
            return try duration(text, field: field)
        } catch where error.message.hasSuffix("(90m, 1h30m, 1.5h or PT1H30M)") {
            throw InputError(field, "\"\(text)\" is not a duration (1d, 12h, 90m or PT24H)")
        }
    }

    /// Preferred hours as a user types them (see ``PreferredHours/init(text:)``).
    package static func prefer(_ text: String, field: String) throws(InputError) -> PreferredHours {
        guard let v = PreferredHours(text: text) else {
            throw InputError(field, "\"\(text)\" is not preferred hours (\(PreferredHours.accepted))")
        }
        return v
    }

    package static func duration(_ text: String, field: String) throws(InputError) -> Int64 {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("-") {
            throw InputError(field, "\"\(text)\" is negative; a duration must be zero or more", kind: "negativeDuration")
        }
        guard let seconds = HumanInput.duration(t) else {
            throw InputError(field, "\"\(text)\" is not a duration (90m, 1h30m, 1.5h or PT1H30M)")
        }
        guard seconds <= InputLimits.maxDuration else {
            throw InputError(field, "\"\(text)\" is longer than \(InputLimits.maxDuration / 3600) hours, the most plan accepts")
        }
        return ISODuration.wholeMinutes(seconds)
    }

    /// A duration that must be longer than zero (a sitting, work spent).
    package static func positiveDuration(_ text: String, field: String) throws(InputError) -> Int64 {
        let seconds = try duration(text, field: field)
        guard seconds > 0 else { throw InputError(field, "\"\(text)\" is zero; it must be at least a minute") }
        return seconds
    }

    /// A date, a wall-clock time (whole minutes) or an instant, from ISO or
    /// `today`, `tomorrow`, `fri`, `+3d`, read in `zone`; at most
    /// ``InputLimits/maxHorizon`` from `now`.
    package static func date(_ text: String, field: String, now: Instant, zone: SystemZone) throws(InputError) -> TaskTime {
        guard let v = HumanInput.date(text, now: now, zone: zone) else {
            throw InputError(field, "\"\(text)\" is not a date (2026-12-10, 2026-12-10T17:00, today, tomorrow, fri, fri 23:59 or +3d)")
        }
        guard abs(v.instant(in: zone) - now) <= InputLimits.maxHorizon else {
            throw InputError(field, "\"\(text)\" is more than ten years from now")
        }
        return TaskTime(v, zone: zone)
    }

    /// `HH:MM` (with `24:00` when `allow24`).
    package static func clock(_ text: String, field: String, allow24: Bool) throws(InputError) -> TimeOfDay {
        guard text.count == 5, DateText.parseClock(text, allow24: allow24) != nil,
              let value = TimeOfDay(hhmm: text, allowEndOfDay: allow24) else {
            throw InputError(field, "\"\(text)\" is not a time of day HH:MM\(allow24 ? " (24:00 allowed)" : "")")
        }
        return value
    }

    /// A name or title: not empty, not only spaces.
    package static func name(_ text: String, field: String, what: String) throws(InputError) -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError(field, "the \(what) must not be empty")
        }
        return text
    }
}
