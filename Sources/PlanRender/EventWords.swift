import PlanCore

/// The parts of an event line that `plan events` and `plan agenda` write alike.
enum EventWords {
    /// The marks after an event's title: `[free]`, `[tentative]`, `[cancelled]`.
    static func marks(_ o: Occurrence) -> [String] {
        var marks: [String] = []
        if o.transparent { marks.append("[free]") }
        if o.isTentative { marks.append("[tentative]") }
        if o.isCancelled { marks.append("[cancelled]") }
        return marks
    }

    /// One end of an event on a day's line: its clock, or `…` padded to the
    /// clock's width when the event goes on past that edge of the day.
    static func edge(_ t: Instant, beyondDay: Bool, _ zone: some UTCOffsetProvider) -> String {
        beyondDay ? "…    " : TimeText.clock(t, zone)
    }

    /// Where an all-day event's times would be.
    static let allDay = "all day    "

    /// An event's SUMMARY as a label (inert, isolated: ``TerminalText/label(_:)``),
    /// or what an event without one is called.
    static func title(_ o: Occurrence) -> String { o.summary.map(TerminalText.label) ?? "(no title)" }
}
