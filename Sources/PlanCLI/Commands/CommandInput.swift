import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

/// A value read by ``InputValue`` (the readers and wording both faces use),
/// a refusal a usage error naming the option: `--estimate: "6x" is not a duration (…)`.
func reading<T>(_ option: String, _ read: () throws(InputError) -> T) throws -> T {
    do {
        return try read()
    } catch {
        throw ValidationError("\(option): \(error.message)")
    }
}

/// `--spent 45m`, `--buffer 10m`: a duration (``InputValue/duration(_:field:)``).
func duration(_ text: String, option: String) throws -> Int64 {
    try reading(option) { () throws(InputError) in try InputValue.duration(text, field: option) }
}

/// `--from 2026-11-23`, `today`, `mon` → the local day it names.
func day(_ text: String, option: String, now: Instant, zone: SystemZone) throws -> LocalDate {
    try reading(option) { () throws(InputError) in try InputValue.date(text, field: option, now: now, zone: zone) }.day(in: zone)
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
