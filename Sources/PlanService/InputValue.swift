import Foundation
import PlanCore

/// The readers of the values a user or an editor types — a duration, a day
/// or time, a time of day — with the limits and the wording both faces use.
package enum InputValue {
    /// A margin of time: a ``duration(_:field:)``, or whole days (`1d`, `2d`).
    package static func margin(_ text: String, field: String) throws(InputError) -> Int64 {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasSuffix("d"), let days = Int64(t.dropLast()), days >= 0 {
            guard days <= InputLimits.maxDuration / 86_400 else {
                throw InputError(field, "\"\(text)\" is longer than \(InputLimits.maxDuration / 3600) hours, the most plan accepts")
            }
            return days * 86_400
        }
        if HumanInput.isBareNumber(t) {
            throw InputError(field, "\"\(t)\" — days, hours or minutes? write \(t)d, \(t)h or \(t)m")
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

    /// `6h`, `90m`, `1h30m`, `1.5h`, `1 hr 30 min`, `PT1H30M` → seconds, in whole minutes
    /// (what the canonical ISO form keeps); zero or more, at most
    /// ``InputLimits/maxDuration``. A number without its unit (`3`) is refused: hours or minutes?
    package static func duration(_ text: String, field: String) throws(InputError) -> Int64 {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("-") {
            throw InputError(field, "\"\(text)\" is negative; a duration must be zero or more", kind: "negativeDuration")
        }
        guard let seconds = HumanInput.duration(t) else {
            if HumanInput.isBareNumber(t) {
                throw InputError(field, "\"\(t)\" — hours or minutes? write \(t)h or \(t)m")
            }
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
    /// `today`, `tomorrow`, `fri`, `next fri`, `feb 20`, `+3d`, read in `zone`; at most
    /// ``InputLimits/maxHorizon`` from `now`. A date with slashes (`12/4`) is refused
    /// naming both its readings; the examples a refusal gives are days near `now`.
    package static func date(_ text: String, field: String, now: Instant, zone: SystemZone) throws(InputError) -> TaskTime {
        guard let v = HumanInput.date(text, now: now, zone: zone) else {
            let near = HumanInput.nearDays(now: now, zone: zone)
            let first = String(text.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
            if let readings = HumanInput.slashReadings(first, now: now, zone: zone), !readings.isEmpty {
                throw InputError(field, slashRefusal(first, readings))
            }
            throw InputError(field, "\"\(text)\" is not a date (\(near.tomorrow), \(near.tomorrow)T17:00, today, tomorrow, fri, "
                + "next fri, \(spoken(near.friday)), fri 23:59 or +3d)")
        }
        guard abs(v.instant(in: zone) - now) <= InputLimits.maxHorizon else {
            throw InputError(field, "\"\(text)\" is more than ten years from now")
        }
        return TaskTime(v, zone: zone)
    }

    /// `"12/4" — 4 Dec or 12 Apr? write 2026-12-04 (dec 4) or 2027-04-12 (apr 12)`: each
    /// reading of a date with slashes, and how to write it so that it is read one way.
    static func slashRefusal(_ text: String, _ readings: [LocalDate]) -> String {
        let named = readings.map { "\($0.day) \(HumanInput.monthAbbreviation($0.month).capitalized)" }
        let written = readings.map { "\($0) (\(spoken($0)))" }
        return "\"\(text)\" — \(named.joined(separator: " or "))? write \(written.joined(separator: " or "))"
    }

    /// `dec 4`: a date as words ``HumanInput/date(_:now:zone:)`` reads.
    static func spoken(_ d: LocalDate) -> String { "\(HumanInput.monthAbbreviation(d.month)) \(d.day)" }

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
