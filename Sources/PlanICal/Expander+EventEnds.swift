import PlanCore

/// How an event's DTEND is read when it does not fit its DTSTART (issue 12,
/// items 5 and 6): before it, on the same all-day date, or of the other value type.
extension Expander {
    /// A DTEND earlier than DTSTART (RFC 5545 §3.8.2.2 requires it later)
    /// is read as the two swapped — the event runs from DTEND to DTSTART —
    /// with a warning naming the DTEND line: that is what calendar clients
    /// show, where a block of negative length would hide busy time. For a
    /// series the earlier time becomes the rule's anchor. Only values of the
    /// same kind are compared (a date against a date, a time against a time).
    mutating func orderEnds(_ e: inout RawEvent) {
        matchEndToStart(&e)
        matchDurationToStart(&e)
        guard let s = e.dtstart, let en = e.dtend else { return }
        let before: Bool
        switch (s, en) {
        case (.date(let a), .date(let b)) where a == b:
            // Zero days: clients show the day DTSTART names (RFC 5545 §3.6.1
            // gives a date DTSTART alone one day), so it keeps its busy time.
            endWarning("zero-length-day", e, "the same date as DTSTART; read as one whole day, as calendar clients show it")
            e.dtend = .date(a.adding(days: 1))
            return
        case (.date(let a), .date(let b)): before = b < a
        case (.utc(let a), .utc(let b)), (.floating(let a), .floating(let b)): before = b < a
        case (.zoned(let a, let za), .zoned(let b, let zb)) where za == zb:
            // RFC 5545 §3.3.5's resolution (a gap moves forward, an overlap
            // means its first instant) never reverses two readings of one zone.
            before = b < a
        case (.date, _), (_, .date):
            return
        default:
            // Normalised first, then resolved: normalising may add a zone to the table.
            let ns = normalize(s, event: e, property: "DTSTART"), ne = normalize(en, event: e, property: "DTEND")
            let a = calendarTime(ns), b = calendarTime(ne)
            before = b.instant(in: options.floatingZone) < a.instant(in: options.floatingZone)
        }
        guard before else { return }
        endWarning("end-before-start", e, "earlier than DTSTART; the two were swapped, as calendar clients read it")
        e.dtstart = en
        e.dtend = s
    }

    /// A DTEND of the other value type than DTSTART (RFC 5545 §3.6.1 requires
    /// the same) is read in DTSTART's type, with a warning naming the DTEND
    /// line (issue 12, item 6). DTSTART decides what the event is, as in
    /// Google Calendar and Thunderbird, where a date DTSTART makes an all-day
    /// event:
    /// - a date DTSTART with a date-time DTEND is all-day, through the day
    ///   the end falls on (not that day when the end is its midnight), and
    ///   at least one day: no busy time the end names is lost;
    /// - a date-time DTSTART with a date DTEND ends at that date's midnight in
    ///   DTSTART's zone, or at the end of that date when its midnight is not
    ///   after DTSTART (`DTEND;VALUE=DATE` of the same day means "on that
    ///   day"); a date before DTSTART's day is ignored, and the event has
    ///   RFC 5545's default length for a date-time: none.
    private mutating func matchEndToStart(_ e: inout RawEvent) {
        guard let s = e.dtstart, let en = e.dtend else { return }
        switch (s, en) {
        case (.date(let a), .utc(let l)), (.date(let a), .floating(let l)), (.date(let a), .zoned(let l, _)):
            let through = l.secondOfDay == 0 ? l.date : l.date.adding(days: 1)
            let end = a < through ? through : a.adding(days: 1)
            endWarning("mixed-value-types", e, "a date-time while DTSTART is a date; read as an all-day event through \(end.adding(days: -1).isoString)")
            e.dtend = .date(end)
        case (.utc(let l), .date(let b)), (.floating(let l), .date(let b)), (.zoned(let l, _), .date(let b)):
            func sameKind(_ t: LocalDateTime) -> RawTime {
                switch s {
                case .utc: .utc(t)
                case .zoned(_, let tzid): .zoned(t, tzid: tzid)
                default: .floating(t)
                }
            }
            let midnight = LocalDateTime(date: b), next = LocalDateTime(date: b.adding(days: 1))
            if l < midnight {
                endWarning("mixed-value-types", e, "a date while DTSTART is a date-time; read as \(midnight.isoString), the start of that day")
                e.dtend = sameKind(midnight)
            } else if l < next {
                endWarning("mixed-value-types", e, "a date while DTSTART is a date-time; read as \(next.isoString), the end of that day")
                e.dtend = sameKind(next)
            } else {
                endWarning("mixed-value-types", e, "a date before DTSTART's day; ignored, so the event has no length (RFC 5545 §3.6.1)")
                e.dtend = nil
            }
        default:
            return
        }
    }

    /// A DURATION of hours or minutes on an all-day event (RFC 5545 §3.8.2.5
    /// allows only days and weeks there), or of no days at all, is read as
    /// the whole days it reaches into, at least one: clients show the event
    /// on its day, and a day of zero length would hide its busy time.
    private mutating func matchDurationToStart(_ e: inout RawEvent) {
        guard case .date? = e.dtstart, e.dtend == nil, let d = e.duration else { return }
        let total = d.days * 86_400 + d.seconds
        guard d.seconds != 0 || total <= 0 else { return }
        let days = max(1, (total + 86_399) / 86_400)
        warnings.append(ImportWarning(id: "mixed-value-types", file: file, line: e.durationLine?.number ?? e.line,
                                      property: "DURATION", value: e.durationLine?.value ?? "",
                                      message: "not whole days on an all-day event; read as \(days) whole day\(days == 1 ? "" : "s")"))
        e.duration = RawDuration(days: days, seconds: 0)
    }

    private mutating func endWarning(_ id: String, _ e: RawEvent, _ message: String) {
        warnings.append(ImportWarning(id: id, file: file, line: e.dtendLine?.number ?? e.line,
                                      property: "DTEND", value: e.dtendLine?.value ?? "", message: message))
    }
}
