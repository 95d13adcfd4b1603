extension RefitReason {
    /// The reason in a few words, e.g. `collides with CHEM 110 Lab on Wed 2026-11-04`.
    package func phrase(_ zone: some UTCOffsetProvider) -> String {
        func day(_ r: TimeRange) -> String { TimeText.day(zone.local(r.start).date) }
        func clock(_ t: Instant) -> String { TimeText.clock(t, zone) }
        func h(_ seconds: Int64) -> String { ISODuration.humanString(seconds) }
        switch self {
        case .noSittings:
            return "no sittings planned"
        case .workChanged(let planned, let remaining):
            return planned > remaining ? "\(h(planned - remaining)) of work recorded"
                : "\(h(remaining - planned)) more work than its sittings hold"
        case .busy(let s, _, let inBuffer, let summary):
            let name = summary.map(TerminalText.label) ?? "busy time"
            return inBuffer ? "too close to \(name) on \(day(s)) (buffer)" : "collides with \(name) on \(day(s))"
        case .outsideDay(let s, let a, let b):
            return "policy changed: outside \(a.hhmm)–\(b.hhmm) on \(day(s))"
        case .outsideHours(let s, let a, let b):
            return "its hours changed: outside \(a.hhmm)–\(b.hhmm) on \(day(s))"
        case .dayOff(let s):
            return "policy changed: \(Weekday(zone.local(s.start).date).shortName) is not a working day"
        case .offGrid(let s, let step):
            return "policy changed: \(clock(s.start))–\(clock(s.end)) on \(day(s)) is off the \(h(step)) grid"
        case .beforeStart(_, let start):
            return "start moved to \(TimeText.dayAndTime(start, zone))"
        case .afterDue(_, let due):
            return "due moved to \(TimeText.due(due, zone))"
        case .tooLong(let s, let span):
            return "span changed: a \(h(s.duration)) sitting is longer than \(h(span))"
        case .tooShort(let s, let minSitting):
            return "minimum sitting changed: a \(h(s.duration)) sitting is shorter than \(h(minSitting))"
        case .breakTooShort(let s, let breakLength):
            return "policy changed: sittings on \(day(s)) less than \(h(breakLength)) apart (break)"
        case .overlaps(let s, let other):
            return "overlaps a sitting of \(TerminalText.label(other)) on \(day(s))"
        case .overDailyMax(let s, let cap):
            return "policy changed: more than \(h(cap)) of work on \(day(s)) (max per day)"
        case .beforePrerequisite(_, let other):
            return "\(TerminalText.label(other)), which comes first, now ends later"
        case .prerequisiteUnschedulable(let other):
            return "\(TerminalText.label(other)), which comes first, does not fit"
        case .compact:
            return "re-fitted from now (--compact)"
        case .level(let busiest, let least):
            return "levelled: the busiest day ahead held \(h(busiest)) where \(h(least)) would do"
        }
    }
}
