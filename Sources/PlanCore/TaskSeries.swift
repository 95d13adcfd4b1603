/// Work that repeats (`plan add-task … --every week`, `--before "CHEM 110 Lecture"`,
/// `--each week`): a template task and the rule that makes its occurrences, each an
/// ordinary task with its own id, due and progress.
///
/// A series makes its occurrences ahead of time, up to a horizon (`plan policy set
/// --horizon 4w`); ``through`` remembers how far it has gone, so an occurrence made once
/// is never made again — not after it was finished, skipped or removed.
package struct TaskSeries: Hashable, Sendable {
    /// What makes the occurrences.
    package enum Kind: Hashable, Sendable {
        /// A due wherever `rule` anchored at `firstDue` names one; `wholeDay`: each is
        /// due by the end of its date (`--due fri`), and `firstDue` is that date's midnight.
        case every(Recurrence, firstDue: LocalDateTime, wholeDay: Bool)
        /// A habit with no due: each period's hours within that period (a day, a
        /// Monday–Sunday week, a calendar month).
        case each(Recurrence.Unit)
        /// Due at the start of each occurrence of the class named so (a calendar
        /// event's SUMMARY).
        case beforeClass(String)
        /// Starting at the end of each occurrence of the class named so, due `within`
        /// seconds later.
        case afterClass(String, within: Int64)
    }

    /// The series' id; its occurrences' ids start with it.
    package var id: String
    /// What each occurrence copies: title, project, estimate, span and the other fields
    /// (its `id`, `due`, `start`, `after` and `done` are not used).
    package var template: TaskDefinition
    package var kind: Kind
    /// The rule as the user wrote it (`week`, `MO,WE`), for display.
    package var ruleText: String
    /// No occurrence due before this date.
    package var from: LocalDate?
    /// No occurrence due after this date (inclusive).
    package var until: LocalDate?
    /// At most this many occurrences in all.
    package var count: Int?
    /// How long before its due an occurrence's work may begin (seconds); nil: since the
    /// previous occurrence's due (for a class: its previous start).
    package var startBefore: Int64?
    /// The last date the series has made its occurrences through (nil: none yet).
    package var through: LocalDate?
    /// How many occurrences it has made so far (for ``count``).
    package var made: Int

    package init(id: String, template: TaskDefinition, kind: Kind, ruleText: String) {
        self.id = id
        self.template = template
        self.kind = kind
        self.ruleText = ruleText
        self.made = 0
    }

    /// The class a class-tied series follows; nil for the others.
    package var className: String? {
        switch kind {
        case .beforeClass(let name), .afterClass(let name, _): name
        case .every, .each: nil
        }
    }

    /// Names the class a class-tied series follows `name` (no change for the others).
    package mutating func name(_ name: String) {
        switch kind {
        case .beforeClass: kind = .beforeClass(name)
        case .afterClass(_, let within): kind = .afterClass(name, within: within)
        case .every, .each: return
        }
        ruleText = name
    }

    /// One occurrence to make: its key (the date it is due, or for a class the class
    /// occurrence's original start), and when its work may begin and must end.
    package struct Occurrence: Hashable, Sendable {
        package var key: String
        package var start: TaskTime?
        package var due: TaskTime

        package init(key: String, start: TaskTime?, due: TaskTime) {
            self.key = key
            self.start = start
            self.due = due
        }
    }

    /// The occurrences of an `every` or `each` series due after ``through`` and on or
    /// before `horizon` (a class-tied series has none here: the service reads its class),
    /// at most ``Recurrence/maxOccurrences`` and what ``count`` leaves. `today` is the
    /// first date a due may fall on (for a habit: its period may hold; the current one counts).
    package func coming(today: LocalDate, through horizon: LocalDate) -> [Occurrence] {
        let left = min(Recurrence.maxOccurrences, (count ?? Recurrence.maxOccurrences) - made)
        guard left > 0 else { return [] }
        let after = through.map { $0.adding(days: 1) }
        switch kind {
        case .every(let rule, let firstDue, let wholeDay):
            // Dues before today are not made (nor counted): a rule anchored long ago still reaches today.
            let earliest = [from, after, today].compactMap { $0 }.max()
            let dues = rule.dues(first: firstDue, from: earliest, until: until, count: left, through: horizon)
            guard wholeDay else {
                let starts = rule.starts(of: dues, anchor: firstDue.date, startBefore: startBefore)
                return zip(dues, starts).map { due, start in
                    Occurrence(key: due.date.isoString, start: .local(start), due: .local(due))
                }
            }
            // Due by the end of each date: the work may begin at the end of the previous
            // one's date, or `startBefore` before this one's end.
            let ends = dues.map { LocalDateTime(date: $0.date.adding(days: 1)) }
            let starts = rule.starts(of: dues, anchor: firstDue.date, startBefore: nil).map { LocalDateTime(date: $0.date.adding(days: 1)) }
            return dues.indices.map { i in
                let start = startBefore.map { ends[i].adding(seconds: -$0) } ?? starts[i]
                return Occurrence(key: dues[i].date.isoString, start: .local(start), due: .date(dues[i].date))
            }
        case .each(let unit):
            var out: [Occurrence] = []
            var day = [from, after, today].compactMap { $0 }.max()!
            let last = min(until ?? horizon, horizon)
            // Each period's last day is due; one period per round, at most `left` rounds.
            while out.count < left, day <= last {
                let (first, end) = Self.period(unit, containing: day)
                // A period that began on or before `through` was made with it (the horizon
                // may end mid-week: that week was made whole), so it is not made again.
                if let through, first <= through {
                    day = end.adding(days: 1)
                    continue
                }
                // A period's hours belong to it: its start is its first midnight.
                out.append(Occurrence(key: end.isoString, start: .local(LocalDateTime(date: first)), due: .date(end)))
                day = end.adding(days: 1)
            }
            return out
        case .beforeClass, .afterClass:
            return []
        }
    }

    /// The first and last day of the day, Monday–Sunday week or calendar month holding `date`.
    package static func period(_ unit: Recurrence.Unit, containing date: LocalDate) -> (LocalDate, LocalDate) {
        switch unit {
        case .day:
            return (date, date)
        case .week:
            let monday = date.adding(days: -(date.isoWeekday - 1))
            return (monday, monday.adding(days: 6))
        case .month:
            let first = LocalDate(year: date.year, month: date.month, day: 1)
            return (first, first.adding(days: Recurrence.daysIn(year: date.year, month: date.month) - 1))
        }
    }

    /// A class occurrence as the calendar has it now: `key` stays the same when the class
    /// moves (its RECURRENCE-ID, or its start for a one-off event).
    package struct ClassMeeting: Hashable, Sendable {
        package var key: String
        package var start: Instant
        package var end: Instant
        package var cancelled: Bool

        package init(key: String, start: Instant, end: Instant, cancelled: Bool) {
            self.key = key
            self.start = start
            self.end = end
            self.cancelled = cancelled
        }
    }

    /// The occurrences a class-tied series wants for `meetings` (every meeting of the
    /// class the calendar has over the planning window, in time order): one per meeting
    /// that is not cancelled — before a class, due at its start and begun at the previous
    /// meeting's start (or ``startBefore`` before); after a class, begun at its end and
    /// due `within` later. Dues are instants written with the offset `offset(at:)` gives.
    package func classOccurrences(_ meetings: [ClassMeeting], offset: (Instant) -> Int) -> [Occurrence] {
        let held = meetings.filter { !$0.cancelled }.sorted { $0.start < $1.start }
        func time(_ i: Instant) -> TaskTime { .instant(i, offset: offset(i)) }
        switch kind {
        case .beforeClass:
            return held.indices.map { k in
                let m = held[k]
                let start: Instant? = startBefore.map { m.start - $0 } ?? (k > 0 ? held[k - 1].start : nil)
                return Occurrence(key: m.key, start: start.map(time), due: time(m.start))
            }
        case .afterClass(_, let within):
            return held.map { Occurrence(key: $0.key, start: time($0.end), due: time($0.end + within)) }
        case .every, .each:
            return []
        }
    }

    /// The occurrence of this series with `key`, as a task with id `id`.
    package func task(_ occurrence: Occurrence, id: String) -> TaskDefinition {
        var t = template
        t.id = id
        t.due = occurrence.due
        t.start = occurrence.start
        t.after = []
        t.done = 0
        return t
    }

    /// The id of the occurrence keyed `key`: the series' id and the date
    /// (`math-221-problem-set-2026-12-04`; for a class, the date of its original start
    /// in the user's zone).
    package func occurrenceId(date: LocalDate) -> String { Recurrence.occurrenceId(series: id, due: date) }
}
