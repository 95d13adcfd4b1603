import PlanCore

/// A repeating task as a user or an editor gives it: the task's fields (``TaskInput``;
/// its `due` is the first occurrence's, for `every`) and how it repeats, as text —
/// what `plan add-task --every/--each/--before/--after-class` and `task.add` take. Read
/// here, once, for both faces.
package struct SeriesInput: Hashable, Sendable {
    package var task = TaskInput()
    /// `week`, `2 weeks`, `MO,WE`, … (``Recurrence/parse(_:)``): a due each time.
    package var every: String?
    /// `day`, `week` or `month`: a habit, each period's hours within it, no due.
    package var each: String?
    /// A class (its SUMMARY in a registered calendar): due at each of its starts.
    package var before: String?
    /// A class: starting at each of its ends, due `within` later.
    package var afterClass: String?
    /// How long after the class the work is due (`2d`); default a week.
    package var within: String?
    /// No occurrence due before this date.
    package var from: String?
    /// No occurrence due after this date.
    package var until: String?
    /// At most this many occurrences.
    package var count: Int?
    /// How long before its due each occurrence's work may begin (`5d`).
    package var startBefore: String?

    package init() {}

    /// Whether any repeating field is given (then `add-task` makes a series).
    package var repeats: Bool { every != nil || each != nil || before != nil || afterClass != nil }

    /// How long after a class its work is due when `within` is not given: a week.
    package static let defaultWithin: Int64 = 7 * 86_400

    /// The series, with id `id`, read against `now` and `zone`. Refuses (exit 65, the
    /// value named) a rule plan cannot read and fields that do not go with the kind.
    func series(id: String, now: Instant, zone: SystemZone) throws(InputError) -> TaskSeries {
        let kinds = [("every", every), ("each", each), ("before", before), ("afterClass", afterClass)].filter { $0.1 != nil }
        guard kinds.count == 1, let (field, text) = kinds.first, let text else {
            throw InputError(kinds.last?.0 ?? "every", "give one of --every, --each, --before and --after-class", isRefusal: true)
        }
        guard let title = task.title else { throw InputError("title", "the title is missing") }
        guard let estimateText = task.estimate else {
            throw InputError("estimate", "the estimate is missing (each occurrence's work, e.g. 3h)")
        }
        if task.after != nil, task.after != [] {
            throw InputError("after", "a repeating task cannot wait for another task (--after); add it without --after", isRefusal: true)
        }
        if task.asEstimated {
            throw InputError("asEstimated", "is for one task; `plan policy set --learn off` plans every estimate as typed", isRefusal: true)
        }
        if task.done != nil { throw InputError("done", "a repeating task has no work done yet; record it on an occurrence with `plan done`", isRefusal: true) }
        if task.start != nil {
            throw InputError("start", "each occurrence starts on its own; use --start-before (e.g. 5d) or --from", isRefusal: true)
        }
        var template = TaskDefinition(id: id, title: try InputValue.name(title, field: "title", what: "title"),
                                      estimate: try InputValue.positiveDuration(estimateText, field: "estimate"),
                                      due: .date(LocalDate(daysSinceEpoch: 0)))
        var rest = task
        (rest.title, rest.estimate, rest.due, rest.after) = (nil, nil, nil, nil)
        try rest.apply(to: &template, after: nil, now: now, zone: zone)

        let kind: TaskSeries.Kind
        let ruleText = text.trimmingCharacters(in: .whitespaces)
        switch field {
        case "every":
            let rule: Recurrence
            do { rule = try Recurrence.parse(text) } catch { throw InputError("every", error.message, isRefusal: true) }
            guard let dueText = task.due else {
                throw InputError("due", "the first due is missing (e.g. --due \"fri 23:59\"); each next one follows --every", isRefusal: true)
            }
            let due = try InputValue.date(dueText, field: "due", now: now, zone: zone)
            switch due {
            case .date(let d): kind = .every(rule, firstDue: LocalDateTime(date: d), wholeDay: true)
            case .local(let l): kind = .every(rule, firstDue: l, wholeDay: false)
            case .instant(let i, _): kind = .every(rule, firstDue: zone.local(i), wholeDay: false)
            }
            // A first due on a day the rule does not give would not be one of its occurrences:
            // said, rather than the series starting silently a few days later.
            if case .every(_, let first, _) = kind, !rule.weekdays.isEmpty {
                let day = Weekday(first.date)
                if !rule.weekdays.contains(day) {
                    let days = rule.weekdays.map(\.shortName).joined(separator: ", ")
                    throw InputError("due", "\"\(LineText.visible(dueText))\" is \(day.shortName) \(first.date.isoString), not a day --every \"\(LineText.visible(ruleText))\" gives (\(days)): "
                                     + "give the first due on one of them, or add \(day.shortName) to --every", isRefusal: true)
                }
            }
        case "each":
            guard let rule = try? Recurrence.parse(text), rule.interval == 1, rule.weekdays.isEmpty else {
                throw InputError("each", "\"each \(ruleText)\": expected day, week or month", isRefusal: true)
            }
            if task.due != nil {
                throw InputError("due", "a habit (--each) has no due: each \(rule.unit.rawValue)'s hours are due at its end", isRefusal: true)
            }
            kind = .each(rule.unit)
        default:
            if task.due != nil {
                throw InputError("due", "work tied to a class is due at the class (--before) or --within after it (--after-class)", isRefusal: true)
            }
            guard !ruleText.isEmpty else { throw InputError(field, "the class name is empty", isRefusal: true) }
            if field == "before" {
                kind = .beforeClass(ruleText)
            } else {
                var within = Self.defaultWithin
                if let w = self.within {
                    guard let seconds = Recurrence.startBefore(w), seconds > 0 else {
                        throw InputError("within", "\"\(w)\" is not a time after the class (e.g. 2d, 36h; at most a year)", isRefusal: true)
                    }
                    within = seconds
                }
                kind = .afterClass(ruleText, within: within)
            }
        }
        if within != nil, field != "afterClass" {
            throw InputError("within", "only goes with --after-class (work after each meeting of a class)", isRefusal: true)
        }
        var series = TaskSeries(id: id, template: template, kind: kind, ruleText: ruleText)
        if let from { series.from = try Self.date(from, field: "from", now: now, zone: zone) }
        if let until { series.until = try Self.date(until, field: "until", now: now, zone: zone) }
        if let from = series.from, let until = series.until, until < from {
            throw InputError("until", "\(until) is before --from \(from)", isRefusal: true)
        }
        if let count {
            guard (1...Recurrence.maxOccurrences).contains(count) else {
                // A value out of the option's range: a usage error (exit 64), as the help's table says.
                throw InputError("count", "\(count) is not a number of occurrences (1 to \(Recurrence.maxOccurrences))")
            }
            if until != nil { throw InputError("count", "give --until or --count, not both", isRefusal: true) }
            series.count = count
        }
        if let startBefore {
            guard let seconds = Recurrence.startBefore(startBefore), seconds > 0 else {
                throw InputError("startBefore", "\"\(startBefore)\" is not a time before the due (e.g. 5d, 2 weeks, 36h; at most a year)", isRefusal: true)
            }
            if case .each = kind { throw InputError("startBefore", "a habit's hours start with its period; --start-before goes with --every or --before", isRefusal: true) }
            if case .afterClass = kind { throw InputError("startBefore", "work after a class starts at its end; --start-before goes with --every or --before", isRefusal: true) }
            series.startBefore = seconds
        }
        return series
    }

    /// The date `text` names (a time of day, if given, is dropped).
    private static func date(_ text: String, field: String, now: Instant, zone: SystemZone) throws(InputError) -> LocalDate {
        switch try InputValue.date(text, field: field, now: now, zone: zone) {
        case .date(let d): d
        case .local(let l): l.date
        case .instant(let i, _): zone.local(i).date
        }
    }
}
