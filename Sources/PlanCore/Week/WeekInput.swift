/// What the week view is drawn from: values the service gathered (calendar
/// occurrences, planned sittings, courses with no set time), already named.
public struct WeekInput: Sendable {
    /// One thing with a time: a calendar event or a planned sitting.
    public struct Item: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case event, sitting
        }

        public var kind: Kind
        public var range: TimeRange
        /// An all-day event: listed under the grid, not drawn in it.
        public var allDay: Bool
        /// The course code or project it belongs to (its colour and legend entry), nil when none.
        public var group: String?
        /// What the block says after the group: the rest of the summary, or the task and sitting.
        public var title: String
        public var room: String?
        public var tentative: Bool
        /// Where it came from: the calendar's label, or the task id.
        public var origin: String
        /// The event's UID, or the sitting's number (`2/4`).
        public var detail: String

        public init(kind: Kind, range: TimeRange, allDay: Bool = false, group: String?, title: String, room: String? = nil,
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
    public struct Unscheduled: Hashable, Sendable {
        public var code: String
        public var title: String
        public var when: String

        public init(code: String, title: String, when: String = "no set time") {
            self.code = code
            self.title = title
            self.when = when
        }
    }

    public var first: LocalDate
    public var days: Int
    public var zone: SystemZone
    public var items: [Item]
    public var unscheduled: [Unscheduled]
    /// Colours asked for by name: a project's `--color`, keyed by ``WeekGroups/key(_:)``.
    public var colors: [String: String]
    /// The calendar's or student's name for the picture's title, when there is one.
    public var name: String?

    public init(first: LocalDate, days: Int, zone: SystemZone, items: [Item], unscheduled: [Unscheduled] = [],
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
