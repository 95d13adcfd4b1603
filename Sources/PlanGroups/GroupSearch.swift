import PlanCore

/// One member of a group as the search sees them: when they are busy, in
/// which zone their day is read, and the part of the day they are willing
/// to meet in.
package struct GroupMember: Hashable, Sendable {
    /// What the output calls them (`alice`, `me`).
    package var name: String
    /// Where their day and `--between` are read.
    package var zone: SystemZone
    /// Busy time: a slot that overlaps any of it is one they cannot come to.
    /// Any order; overlaps allowed.
    package var busy: [TimeRange]
    /// Their own day window (the user's policy for `me`), intersected with the search's.
    package var dayWindow: DayWindow?
    /// Time that is theirs but can move (the user's planned study sittings):
    /// not busy, but named beside every slot that overlaps it.
    package var movable: [Movable]

    package init(name: String, zone: SystemZone, busy: [TimeRange], dayWindow: DayWindow? = nil, movable: [Movable] = []) {
        self.name = name
        self.zone = zone
        self.busy = busy
        self.dayWindow = dayWindow
        self.movable = movable
    }

    /// A piece of movable time and what it is (a study sitting's label).
    package struct Movable: Hashable, Sendable {
        package var range: TimeRange
        package var label: String

        package init(range: TimeRange, label: String) {
            self.range = range
            self.label = label
        }
    }
}

/// What `plan group find` asks: who, how long, where to look.
package struct GroupSearch: Hashable, Sendable {
    package var members: [GroupMember]
    /// The instants a slot must lie in (`--within`).
    package var within: TimeRange
    /// Length of the session, in seconds (> 0).
    package var duration: Int64
    /// The daily window, read in each member's own zone (`--between`).
    package var between: DayWindow
    /// The days a slot may be on, in each member's own zone (`--days`).
    package var days: Set<Weekday>
    /// Slot starts lie on multiples of this many seconds since 1970 (so on
    /// whole quarter hours in every zone whose offset is a multiple of 15 min).
    package var granularity: Int64
    /// The fewest members free for a slot to be offered.
    package var minMembers: Int
    /// How many slots to return.
    package var top: Int

    /// The grid when none is given: 15 minutes.
    package static let defaultGranularity: Int64 = 15 * 60
    /// The daily window when none is given: 09:00–21:00.
    package static let defaultBetween = DayWindow(start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 21))
    /// At most this many grid slots are looked at (a year at 5 minutes): input cannot make the search unbounded.
    package static let maxSlots: Int64 = 366 * 288
    /// At most this many members (`--member`): a study group, not a lecture hall.
    package static let maxMembers = 100

    package init(members: [GroupMember], within: TimeRange, duration: Int64, between: DayWindow = GroupSearch.defaultBetween,
                days: Set<Weekday> = Set(Weekday.allCases), granularity: Int64 = GroupSearch.defaultGranularity,
                minMembers: Int? = nil, top: Int = 5) {
        self.members = members
        self.within = within
        self.duration = duration
        self.between = between
        self.days = days
        self.granularity = granularity
        self.minMembers = minMembers ?? min(2, members.count)
        self.top = top
    }
}

/// A candidate time: when, who can come, who cannot (and whether because it
/// is outside their hours), and which of a member's movable pieces it overlaps.
package struct GroupSlot: Hashable, Sendable {
    package var range: TimeRange
    /// Indices into ``GroupSearch/members`` of those free, in member order.
    package var free: [Int]
    /// Indices of those who cannot come (busy, or outside their day window), in member order.
    package var busy: [Int]
    /// Those of ``busy`` for whom it is outside their day window (or on a day not searched, in their zone).
    package var outsideHours: [Int] = []
    /// Movable pieces it overlaps, member by member (member index, labels in time order).
    package var displaced: [Displaced]

    /// Whether every member is free.
    package var everyone: Bool { busy.isEmpty }

    /// The movable time of one member a slot would take.
    package struct Displaced: Hashable, Sendable {
        package var member: Int
        package var pieces: [GroupMember.Movable]

        package init(member: Int, pieces: [GroupMember.Movable]) {
            self.member = member
            self.pieces = pieces
        }
    }
}

/// Why a search cannot be run as asked.
package enum GroupSearchError: Error, Equatable, Sendable, CustomStringConvertible {
    case noMembers
    case tooManyMembers(Int)
    case badDuration
    case badGranularity
    case badMinMembers(Int, members: Int)
    case badTop
    case emptyWindow
    case tooManySlots(Int64)

    package var description: String {
        switch self {
        case .noMembers: "a group needs at least one member (--member)"
        case .tooManyMembers(let n): "\(n) members: a group has at most \(GroupSearch.maxMembers) (--member)"
        case .badDuration: "the duration must be longer than zero (--duration)"
        case .badGranularity: "the grid must be a whole number of minutes that divides a day, at least 5 minutes"
        case .badMinMembers(let n, let m): "--min-members \(n): expected 1 to \(m) (the number of members)"
        case .badTop: "--top must be at least 1"
        case .emptyWindow: "the search window is shorter than the session (--within, --duration)"
        case .tooManySlots(let n): "the search would look at \(n) start times (over \(GroupSearch.maxSlots)): search a shorter window or a coarser grid"
        }
    }
}
