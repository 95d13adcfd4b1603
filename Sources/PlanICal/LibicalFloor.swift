import CLibical
import Foundation
import PlanCore

/// The floor of the import benchmark (`plan-bench`): libical's own parser and
/// recurrence iterator in a bare loop, nothing else.
///
/// It feeds unfolded lines to `icalparser_add_line`, then, for each VEVENT,
/// starts `icalrecur_iterator_new` at its DTSTART and counts the instances
/// whose wall-clock start falls inside the window (read as UTC). There is no
/// zone resolution, no EXDATE/RDATE/override handling, no checks and nothing
/// is copied out: no importer built on libical can do less, so its time is
/// the floor a real importer is measured against. Not for real use.
package enum LibicalFloor {
    private static let lock = NSLock()

    /// Instances of every VEVENT in `bytes` whose start lies in `window`.
    package static func expandBare(bytes: [UInt8], window: TimeRange) -> Int {
        lock.lock()
        defer { lock.unlock() }
        icalerror_set_errors_are_fatal(0)
        guard let parser = icalparser_new() else { return 0 }
        defer { icalparser_free(parser) }
        var roots: [OpaquePointer] = []
        defer { for r in roots { icalcomponent_free(r) } }
        // Unfold (RFC 5545 §3.1) into one reused NUL-terminated buffer.
        var line: [CChar] = []
        line.reserveCapacity(1024)
        func feed() {
            guard !line.isEmpty else { return }
            line.append(0)
            if let root = line.withUnsafeMutableBufferPointer({ icalparser_add_line(parser, $0.baseAddress) }) {
                roots.append(root)
            }
            line.removeAll(keepingCapacity: true)
        }
        var i = 0
        let n = bytes.count
        while i < n {
            var j = i
            while j < n, bytes[j] != 0x0A, bytes[j] != 0x0D { j += 1 }
            if j > i {
                if bytes[i] == 0x20 || bytes[i] == 0x09 {
                    for k in (i + 1)..<j { line.append(CChar(bitPattern: bytes[k])) }
                } else {
                    feed()
                    for k in i..<j { line.append(CChar(bitPattern: bytes[k])) }
                }
            }
            i = j < n && bytes[j] == 0x0D && j + 1 < n && bytes[j + 1] == 0x0A ? j + 2 : j + 1
        }
        feed()
        if let partial = icalparser_clean(parser), let copy = icalcomponent_new_clone(partial) { roots.append(copy) }

        let from = window.start.seconds, to = window.end.seconds
        var count = 0
        func visit(_ comp: OpaquePointer) {
            if icalcomponent_isa(comp) == ICAL_VEVENT_COMPONENT {
                count += instances(of: comp, from: from, to: to)
                return
            }
            var c = icalcomponent_get_first_component(comp, ICAL_ANY_COMPONENT)
            while let child = c {
                visit(child)
                c = icalcomponent_get_next_component(comp, ICAL_ANY_COMPONENT)
            }
        }
        for r in roots { visit(r) }
        return count
    }

    private static func instances(of event: OpaquePointer, from: Int64, to: Int64) -> Int {
        let start = icalcomponent_get_dtstart(event)
        guard icaltime_is_null_time(start) == 0 else { return 0 }
        guard let prop = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) else {
            let s = wallSeconds(start)
            return s >= from && s < to ? 1 : 0
        }
        let rule = icalproperty_get_rrule(prop)
        guard let it = icalrecur_iterator_new(rule, start) else { return 0 }
        defer { icalrecur_iterator_free(it) }
        var count = 0
        var steps = 0
        while steps < 1_000_000 {
            steps += 1
            let t = icalrecur_iterator_next(it)
            if icaltime_is_null_time(t) != 0 { break }
            let s = wallSeconds(t)
            if s >= to { break }
            if s >= from { count += 1 }
        }
        return count
    }

    /// The wall clock of `t` read as UTC, in seconds since 1970.
    private static func wallSeconds(_ t: icaltimetype) -> Int64 {
        LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)).daysSinceEpoch * 86_400
            + Int64(t.hour) * 3600 + Int64(t.minute) * 60 + Int64(t.second)
    }
}
