/// What the week view is drawn from: values the service gathered (calendar
/// occurrences, planned sittings, courses with no set time), already named.
package struct WeekInput: Sendable {
    /// One thing with a time: a calendar event, a planned sitting or a study session the user goes to.
    package struct Item: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            case event, sitting, session
        }

        package var kind: Kind
        package var range: TimeRange
        /// An all-day event: listed under the grid, not drawn in it.
        package var allDay: Bool
        /// The course code or project it belongs to (its colour and legend entry), nil when none.
        package var group: String?
        /// What the block says after the group: the rest of the summary, or the task and sitting.
        package var title: String
        package var room: String?
        package var tentative: Bool
        /// Where it came from: the calendar's label, the task id, or the session's id.
        package var origin: String
        /// The event's or session's UID, or the sitting's number (`2/4`).
        package var detail: String

        package init(kind: Kind, range: TimeRange, allDay: Bool = false, group: String?, title: String, room: String? = nil,
                    tentative: Bool = false, origin: String, detail: String) {
            self.kind = kind
            self.range = range
            self.allDay = allDay
            self.group = group
            self.title = title
            self.room = room
            self.tentative = tentative
            self.origin = origin
            self.detail = detail
        }
    }

    /// A course of the timetable in use that meets at no set time (online, arranged).
    package struct Unscheduled: Hashable, Sendable {
        package var code: String
        package var title: String
        package var when: String

        package init(code: String, title: String, when: String = "no set time") {
            self.code = code
            self.title = title
            self.when = when
        }
    }

    package var first: LocalDate
    package var days: Int
    package var zone: SystemZone
    package var items: [Item]
    package var unscheduled: [Unscheduled]
    /// Colours asked for by name: a project's `--color`, keyed by ``WeekGroups/key(_:)``.
    package var colors: [String: String]
    /// The calendar's or student's name for the picture's title, when there is one.
    package var name: String?
    /// The busiest day of the coming fortnight and the least possible (``FortnightLoad``); nil when the
    /// week shows classes only.
    package var load: FortnightLoad?

    package init(first: LocalDate, days: Int, zone: SystemZone, items: [Item], unscheduled: [Unscheduled] = [],
                colors: [String: String] = [:], name: String? = nil) {
        self.first = first
        self.days = days
        self.zone = zone
        self.items = items
        self.unscheduled = unscheduled
        self.colors = colors
        self.name = name
    }
}
