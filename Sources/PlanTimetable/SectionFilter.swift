import PlanCore

/// The options that rule out single sections, checked in the order of
/// ``OptionReason/Option``: a section is charged to the first that rules it out.
/// (`maxDays` is about the whole combination and is left to the search.)
struct SectionFilter {
    let options: BuildOptions
    let calendar: TermDays
    let freeDays: UInt8
    /// `--around` blocks as (day number, start, end), half-open minutes; empty ones dropped.
    let around: [(day: Int64, start: Int, end: Int)]

    init(options: BuildOptions, calendar: TermDays) {
        self.options = options
        self.calendar = calendar
        freeDays = TermDays.mask(options.freeDays)
        around = options.around.compactMap { b in b.start < b.end ? (b.date.daysSinceEpoch, b.start, b.end) : nil }
    }

    /// The first option that rules out this section (whose meetings that take place are
    /// `meetings`), or nil when it may be picked.
    func ruledOut(course: Course, section: Section, meetings: [ActiveMeeting]) -> OptionReason.Option? {
        if let limit = options.noEarlier, meetings.contains(where: { $0.start < limit }) { return .noEarlier }
        if let limit = options.noLater, meetings.contains(where: { $0.end > limit }) { return .noLater }
        if meetings.contains(where: { $0.days & freeDays != 0 }) { return .freeDay }
        if options.onlyOpen, let seats = section.seats, seats.open <= 0 { return .onlyOpen }
        if !options.excluded.isEmpty, options.excluded.contains(SectionRef(course: course.code, section: section.id)) { return .excluded }
        for m in meetings {
            for b in around where max(m.start, b.start) < min(m.end, b.end) && m.meets(on: b.day, calendar) { return .around }
        }
        return nil
    }
}
