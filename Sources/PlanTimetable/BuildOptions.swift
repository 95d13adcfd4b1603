import PlanCore

/// What a student asks of a timetable beyond "one section of each course, no clashes".
public struct BuildOptions: Hashable, Sendable {
    /// How many combinations to return (the true best, not a sample).
    public var top: Int
    /// No meeting starts before this minute of the day.
    public var noEarlier: Int?
    /// No meeting ends after this minute of the day.
    public var noLater: Int?
    /// Days with no meeting at all.
    public var freeDays: [Weekday]
    /// At most this many distinct weekdays on campus.
    public var maxDays: Int?
    /// Only sections with at least one open seat (a section with no seat figures is kept).
    public var onlyOpen: Bool
    /// Sections never to pick.
    public var excluded: Set<SectionRef>
    /// Time to keep clear (a job, a team practice), as wall-clock blocks in the term's zone.
    public var around: [KeepClear]
    /// The weights of the score: `gpa` and `rating`, both ≥ 0, not both 0.
    public var gpaWeight: Double
    public var ratingWeight: Double

    public init(top: Int = 10, noEarlier: Int? = nil, noLater: Int? = nil, freeDays: [Weekday] = [], maxDays: Int? = nil,
                onlyOpen: Bool = false, excluded: Set<SectionRef> = [], around: [KeepClear] = [],
                gpaWeight: Double = 1, ratingWeight: Double = 1) {
        self.top = top
        self.noEarlier = noEarlier
        self.noLater = noLater
        self.freeDays = freeDays
        self.maxDays = maxDays
        self.onlyOpen = onlyOpen
        self.excluded = excluded
        self.around = around
        self.gpaWeight = gpaWeight
        self.ratingWeight = ratingWeight
    }
}

/// One section of one course (`CMSC436` `0101`); the course by ``Course/key(_:)``.
public struct SectionRef: Hashable, Sendable, Comparable {
    public var course: String
    public var section: String

    public init(course: String, section: String) {
        self.course = Course.key(course)
        self.section = section
    }

    public static func < (a: SectionRef, b: SectionRef) -> Bool { (a.course, a.section) < (b.course, b.section) }
}

/// Busy wall-clock time on one date, in the term's zone (an `--around` event, cut at midnight).
public struct KeepClear: Hashable, Sendable {
    public var date: LocalDate
    /// Minutes after midnight, half-open; `end` may be 1440.
    public var start: Int
    public var end: Int
    /// What it is, for messages (`Team practice`).
    public var label: String

    public init(date: LocalDate, start: Int, end: Int, label: String) {
        self.date = date
        self.start = start
        self.end = end
        self.label = label
    }
}
