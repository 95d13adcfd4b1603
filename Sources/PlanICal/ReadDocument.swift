import PlanCore

/// What reading one file through libical gave: calendars of plain Swift
/// values, the VTIMEZONEs as libical zones, and what was recovered from.
struct ReadDocument {
    var calendars: [RawCalendar] = []
    /// Per calendar (same index): TZID → zone built from its VTIMEZONE.
    var customZones: [[String: LibicalZone]] = []
    var warnings: [ImportWarning] = []
    /// Number of top-level components libical returned.
    var roots = 0
    /// How many of them are iCalendar components (not junk libical wrapped up).
    var knownRoots = 0
    /// While set, warnings go here instead of `warnings` (those of one VEVENT
    /// read ahead of its place; see ``LibicalReader/readStreaming(_:)``).
    var sink: [ImportWarning]?
    /// Properties whose names RFC 5545 does not define and that have no `X-`
    /// prefix (`EVENT-ID`, `SUBCALENDAR-NAME`), by name in first-seen order,
    /// with how many lines of each were ignored. RFC 5545 §3.7 (`iana-prop`)
    /// makes them legal; §3.1 says to ignore what is not understood. They are
    /// reported once per file by ``LibicalReader/read()``, not per line: a
    /// calendar publisher may write several on every event.
    var ignoredNames: [(name: String, count: Int)] = []

    /// Removes the warnings with these ids about `line` (one a later, more
    /// telling warning replaces), wherever they were put.
    mutating func dropWarnings(line: Int, ids: Set<String>) {
        warnings.removeAll { $0.line == line && ids.contains($0.id) }
        sink?.removeAll { $0.line == line && ids.contains($0.id) }
    }

    mutating func noteIgnored(_ name: String) {
        if let k = ignoredNames.firstIndex(where: { $0.name == name }) {
            ignoredNames[k].count += 1
        } else {
            ignoredNames.append((name, 1))
        }
    }

    mutating func warn(_ w: ImportWarning) {
        if sink != nil { sink!.append(w) } else { warnings.append(w) }
    }
}
