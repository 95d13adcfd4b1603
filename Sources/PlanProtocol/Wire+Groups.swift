import PlanCore
import PlanGroups
import PlanICal
import PlanService

extension Wire {
    /// Who the user is in study groups, as `plan me --json` prints it and
    /// `me` returns (`Schemas/methods/me.result.schema.json`): both null until set.
    public static func me(_ user: CalendarUser?) -> [String: String?] {
        ["name": user?.name, "email": user?.email]
    }

    /// What `plan group find --json` prints and `group.find` returns
    /// (`Schemas/methods/group.find.result.schema.json`).
    public struct GroupFound: Codable, Hashable, Sendable {
        public struct Member: Codable, Hashable, Sendable {
            public var name: String
            public var zone: String
        }

        /// A slot on one member's wall clock (times with that zone's offset).
        public struct LocalTime: Codable, Hashable, Sendable {
            public var member: String
            public var zone: String
            public var start: String
            public var end: String
        }

        /// A member's time the slot would take that can move (the user's sittings).
        public struct Displaced: Codable, Hashable, Sendable {
            public var member: String
            public var label: String
            public var start: String
            public var end: String
        }

        public struct Slot: Codable, Hashable, Sendable {
            public var start: String
            public var end: String
            public var everyone: Bool
            public var canCome: [String]
            public var cannotCome: [String]
            /// Those of `cannotCome` for whom it is outside their day window.
            public var outsideHours: [String]
            /// The slot in every member's zone, in member order.
            public var local: [LocalTime]
            public var wouldMove: [Displaced]
        }

        public var duration: String
        public var within: TimeRange
        public var between: String
        public var days: [String]
        public var granularity: String
        public var minMembers: Int
        public var members: [Member]
        public var slots: [Slot]
        public var warnings: [ImportWarning]

        public init(_ f: GroupFindResult) {
            self.init(f.search, f.slots, zone: f.zone, warnings: f.warnings)
        }

        public init(_ s: GroupSearch, _ slots: [GroupSlot], zone: SystemZone, warnings: [ImportWarning]) {
            duration = ISODuration.format(s.duration)
            within = TimeRange(s.within, zone: zone)
            between = "\(s.between.start)-\(s.between.end)"
            days = Weekday.allCases.filter { s.days.contains($0) }.map(\.code)
            granularity = ISODuration.format(s.granularity)
            minMembers = s.minMembers
            members = s.members.map { Member(name: $0.name, zone: $0.zone.identifier) }
            let names = s.members.map(\.name)
            self.slots = slots.map { slot in
                Slot(start: wireString(slot.range.start, in: zone), end: wireString(slot.range.end, in: zone), everyone: slot.everyone,
                     canCome: slot.free.map { names[$0] }, cannotCome: slot.busy.map { names[$0] },
                     outsideHours: slot.outsideHours.map { names[$0] },
                     local: s.members.map { m in
                         LocalTime(member: m.name, zone: m.zone.identifier, start: wireString(slot.range.start, in: m.zone),
                                   end: wireString(slot.range.end, in: m.zone))
                     },
                     wouldMove: slot.displaced.flatMap { d in
                         d.pieces.map { Displaced(member: names[d.member], label: $0.label, start: wireString($0.range.start, in: zone),
                                                  end: wireString($0.range.end, in: zone)) }
                     })
            }
            self.warnings = warnings
        }
    }

    /// A study-group session as `plan group list --json` and the other `plan group` commands print it.
    public struct GroupSession: Codable, Hashable, Sendable {
        public struct Person: Codable, Hashable, Sendable {
            public var email: String
            public var name: String?
            /// `NEEDS-ACTION`, `ACCEPTED`, `DECLINED` or `TENTATIVE`.
            public var status: String
        }

        public var id: String
        public var uid: String
        public var sequence: Int
        public var title: String
        public var course: String?
        public var start: String
        public var end: String
        public var location: String?
        public var latitude: Double?
        public var longitude: Double?
        public var notes: String?
        public var organizer: Person
        public var attendees: [Person]
        public var calendar: String?
        public var cancelled: Bool
        /// Every attendee, the organizer too, has declined.
        public var empty: Bool
        /// The user's own answer, nil when not in it.
        public var me: String?

        public init(_ s: PlanGroups.GroupSession, me: String?, zone: some UTCOffsetProvider) {
            id = s.id
            uid = s.uid
            sequence = s.sequence
            title = s.title
            course = s.course
            start = wireString(s.range.start, in: zone)
            end = wireString(s.range.end, in: zone)
            location = s.location
            latitude = s.geo?.latitude
            longitude = s.geo?.longitude
            notes = s.notes
            organizer = Person(email: s.organizer.email, name: s.organizer.name, status: s.organizerStatus.rawValue)
            attendees = s.attendees.map { Person(email: $0.user.email, name: $0.user.name, status: $0.status.rawValue) }
            calendar = s.calendarURL
            cancelled = s.cancelled
            empty = s.isEmpty
            self.me = me.flatMap { s.status(of: $0)?.rawValue }
        }
    }

    /// What `plan group create|join|leave|cancel --json` prints: the session,
    /// the sittings that moved in the user's plan, the messages written.
    public struct GroupChanged: Codable, Hashable, Sendable {
        public var session: GroupSession
        public var moves: [TaskMove]
        public var messages: [String]
        /// Whether the session is on its group calendar (nil without one).
        public var calendarWritten: Bool?

        public init(_ c: GroupChange, me: String?, zone: some UTCOffsetProvider) {
            session = GroupSession(c.session, me: me, zone: zone)
            moves = (c.replanned?.moves ?? []).map { TaskMove($0, zone: zone) }
            messages = c.messages
            calendarWritten = c.session.calendarURL == nil ? nil : c.session.isOnCalendar
        }
    }
}
