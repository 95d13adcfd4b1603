import PlanCore
import PlanGroups
import PlanICal
import PlanService

extension Wire {
    /// Who the user is in study groups, as `plan me --json` prints it and
    /// `me` returns (`Schemas/methods/me.result.schema.json`): both null until set.
    package static func me(_ user: CalendarUser?) -> [String: String?] {
        ["name": user?.name, "email": user?.email]
    }

    /// What `plan group find --json` prints and `group.find` returns
    /// (`Schemas/methods/group.find.result.schema.json`).
    package struct GroupFound: Codable, Hashable, Sendable {
        package struct Member: Codable, Hashable, Sendable {
            package var name: String
            package var zone: String
        }

        /// A slot on one member's wall clock (times with that zone's offset).
        package struct LocalTime: Codable, Hashable, Sendable {
            package var member: String
            package var zone: String
            package var start: String
            package var end: String
        }

        /// A member's time the slot would take that can move (the user's sittings).
        package struct Displaced: Codable, Hashable, Sendable {
            package var member: String
            package var label: String
            package var start: String
            package var end: String
        }

        package struct Slot: Codable, Hashable, Sendable {
            package var start: String
            package var end: String
            package var everyone: Bool
            package var canCome: [String]
            package var cannotCome: [String]
            /// Those of `cannotCome` for whom it is outside their day window.
            package var outsideHours: [String]
            /// The slot in every member's zone, in member order.
            package var local: [LocalTime]
            package var wouldMove: [Displaced]
        }

        package var duration: String
        package var within: TimeRange
        package var between: String
        package var days: [String]
        package var granularity: String
        package var minMembers: Int
        package var members: [Member]
        package var slots: [Slot]
        package var warnings: [ImportWarning]

        package init(_ f: GroupFindResult) {
            self.init(f.search, f.slots, zone: f.zone, warnings: f.warnings)
        }

        package init(_ s: GroupSearch, _ slots: [GroupSlot], zone: SystemZone, warnings: [ImportWarning]) {
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
    package struct GroupSession: Codable, Hashable, Sendable {
        package struct Person: Codable, Hashable, Sendable {
            package var email: String
            package var name: String?
            /// `NEEDS-ACTION`, `ACCEPTED`, `DECLINED` or `TENTATIVE`.
            package var status: String
        }

        package var id: String
        package var uid: String
        package var sequence: Int
        package var title: String
        package var course: String?
        package var start: String
        package var end: String
        package var location: String?
        package var latitude: Double?
        package var longitude: Double?
        package var notes: String?
        package var organizer: Person
        package var attendees: [Person]
        package var calendar: String?
        package var cancelled: Bool
        /// Every attendee, the organizer too, has declined.
        package var empty: Bool
        /// The user's own answer, nil when not in it.
        package var me: String?

        package init(_ s: PlanGroups.GroupSession, me: String?, zone: some UTCOffsetProvider) {
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
    package struct GroupChanged: Codable, Hashable, Sendable {
        package var session: GroupSession
        package var moves: [TaskMove]
        package var messages: [String]
        /// Whether the session is on its group calendar (nil without one).
        package var calendarWritten: Bool?

        package init(_ c: GroupChange, me: String?, zone: some UTCOffsetProvider) {
            session = GroupSession(c.session, me: me, zone: zone)
            moves = (c.replanned?.moves ?? []).map { TaskMove($0, zone: zone) }
            messages = c.messages
            calendarWritten = c.session.calendarURL == nil ? nil : c.session.isOnCalendar
        }
    }
}
