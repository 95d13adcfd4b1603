import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

/// `--estimate 6h`, `90m`, `1.5h`, `PT1H30M` → seconds, in whole minutes.
func duration(_ text: String, option: String) throws -> Int64 {
    guard let s = HumanInput.duration(text) else {
        throw ValidationError("\(option) \(text): expected a duration like 90m, 1h30m, 1.5h or PT1H30M")
    }
    return ISODuration.wholeMinutes(s)
}

/// `--due fri`, `tomorrow`, `+3d`, `2026-12-10`, `2026-12-10T17:00` → a date, a wall-clock time or an instant.
func taskTime(_ text: String, option: String, now: Instant, zone: SystemZone) throws -> TaskTime {
    guard let v = HumanInput.date(text, now: now, zone: zone) else {
        throw ValidationError("\(option) \(text): expected a date like 2026-12-10, 2026-12-10T17:00, today, tomorrow, fri or +3d")
    }
    return TaskTime(v, zone: zone)
}

/// `--from 2026-11-23`, `today`, `mon` → the local day it names.
func day(_ text: String, option: String, now: Instant, zone: SystemZone) throws -> LocalDate {
    guard let v = HumanInput.date(text, now: now, zone: zone) else {
        throw ValidationError("\(option) \(text): expected a date like 2026-11-23, today or mon")
    }
    return TaskTime(v, zone: zone).day(in: zone)
}

/// `--earliest 09:00`.
func timeOfDay(_ text: String, option: String, allow24: Bool) throws -> TimeOfDay {
    guard DateText.parseClock(text, allow24: allow24) != nil, text.count == 5,
          let value = TimeOfDay(hhmm: text, allowEndOfDay: allow24) else {
        throw ValidationError("\(option) \(text): expected a time of day HH:MM\(allow24 ? " (24:00 allowed)" : "")")
    }
    return value
}

/// Prints what the command shows (a listing, a search): text, or JSON when asked.
func emit(_ json: Bool, _ value: some Encodable, text: () -> String) {
    if json { print(Wire.encode(value)) } else { show(text(), terminator: "") }
}

/// Prints what a command that changes something did: JSON when asked
/// (always), else the text, left out with `--quiet`.
func confirm(_ json: Bool, _ value: some Encodable, text: () -> String) {
    if json { print(Wire.encode(value)) } else { say(text(), terminator: "") }
}
