import PlanCore

/// A local time-of-day range, `start` ≤ `end` (`24:00` allowed as the end).
public struct DayWindow: Hashable, Sendable, CustomStringConvertible {
    public var start: TimeOfDay
    public var end: TimeOfDay

    public init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// The whole day, `00:00–24:00`.
    public static let wholeDay = DayWindow(start: .startOfDay, end: .endOfDay)

    /// The part of the day both windows allow (nil when they do not meet).
    public func intersection(_ other: DayWindow) -> DayWindow? {
        let s = max(start, other.start), e = min(end, other.end)
        return s < e ? DayWindow(start: s, end: e) : nil
    }

    public var description: String { "\(start)–\(end)" }
}

/// One member of a group as the search sees them: when they are busy, in
/// which zone their day is read, and the part of the day they are willing
/// to meet in.
public struct GroupMember: Hashable, Sendable {
    /// What the output calls them (`alice`, `me`).
    public var name: String
    /// Where their day and `--between` are read.
    public var zone: SystemZone
    /// Busy time: a slot that overlaps any of it is one they cannot come to.
    /// Any order; overlaps allowed.
    public var busy: [TimeRange]
    /// Their own day window (the user's policy for `me`), intersected with the search's.
    public var dayWindow: DayWindow?
    /// Time that is theirs but can move (the user's planned study sittings):
    /// not busy, but named beside every slot that overlaps it.
    public var movable: [Movable]

    public init(name: String, zone: SystemZone, busy: [TimeRange], dayWindow: DayWindow? = nil, movable: [Movable] = []) {
        self.name = name
        self.zone = zone
        self.busy = busy
        self.dayWindow = dayWindow
        self.movable = movable
    }

    /// A piece of movable time and what it is (a study sitting's label).
    public struct Movable: Hashable, Sendable {
        public var range: TimeRange
        public var label: String

        public init(range: TimeRange, label: String) {
            self.range = range
            self.label = label
        }
    }
}

/// What `plan group find` asks: who, how long, where to look.
public struct GroupSearch: Hashable, Sendable {
    public var members: [GroupMember]
    /// The instants a slot must lie in (`--within`).
    public var within: TimeRange
    /// Length of the session, in seconds (> 0).
    public var duration: Int64
    /// The daily window, read in each member's own zone (`--between`).
    public var between: DayWindow
    /// The days a slot may be on, in each member's own zone (`--days`).
    public var days: Set<Weekday>
    /// Slot starts lie on multiples of this many seconds since 1970 (so on
    /// whole quarter hours in every zone whose offset is a multiple of 15 min).
    public var granularity: Int64
    /// The fewest members free for a slot to be offered.
    public var minMembers: Int
    /// How many slots to return.
    public var top: Int

    /// The grid when none is given: 15 minutes.
    public static let defaultGranularity: Int64 = 15 * 60
    /// The daily window when none is given: 09:00–21:00.
    public static let defaultBetween = DayWindow(start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 21))
    /// At most this many grid slots are looked at (a year at 5 minutes): input cannot make the search unbounded.
    public static let maxSlots: Int64 = 366 * 288
    /// At most this many members (`--member`): a study group, not a lecture hall.
    public static let maxMembers = 100

    public init(members: [GroupMember], within: TimeRange, duration: Int64, between: DayWindow = GroupSearch.defaultBetween,
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
public struct GroupSlot: Hashable, Sendable {
    public var range: TimeRange
    /// Indices into ``GroupSearch/members`` of those free, in member order.
    public var free: [Int]
    /// Indices of those who cannot come (busy, or outside their day window), in member order.
    public var busy: [Int]
    /// Those of ``busy`` for whom it is outside their day window (or on a day not searched, in their zone).
    public var outsideHours: [Int] = []
    /// Movable pieces it overlaps, member by member (member index, labels in time order).
    public var displaced: [Displaced]

    /// Whether every member is free.
    public var everyone: Bool { busy.isEmpty }

    /// The movable time of one member a slot would take.
    public struct Displaced: Hashable, Sendable {
        public var member: Int
        public var pieces: [GroupMember.Movable]

        public init(member: Int, pieces: [GroupMember.Movable]) {
            self.member = member
            self.pieces = pieces
        }
    }
}

/// Why a search cannot be run as asked.
public enum GroupSearchError: Error, Equatable, Sendable, CustomStringConvertible {
    case noMembers
    case tooManyMembers(Int)
    case badDuration
    case badGranularity
    case badMinMembers(Int, members: Int)
    case badTop
    case emptyWindow
    case tooManySlots(Int64)

    public var description: String {
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
